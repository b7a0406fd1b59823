"""What the command-line test scripts share: their arguments (--ptoas, --ptorun, --work) and a
clean work directory to run in, one of its own per run (two ctest runs of one build tree, an
IDE's and a terminal's, never share files)."""
import argparse
import atexit
import os
import shutil
import tempfile


def run_directory(work):
    """A new directory inside \a work (made if needed) for this run alone, removed when the
    script exits (kept if PTO_KEEP_WORK is set, to look at)."""
    os.makedirs(work, exist_ok=True)
    path = tempfile.mkdtemp(prefix="run-", dir=os.path.abspath(work))
    if not os.environ.get("PTO_KEEP_WORK"):
        atexit.register(shutil.rmtree, path, True)
    return path


def parse_and_enter_work():
    """Parses --ptoas --ptorun --work (tool paths made absolute) and changes into a directory of
    this run's own inside the work directory; the parsed arguments."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptoas", required=True)
    ap.add_argument("--ptorun", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    a.ptoas, a.ptorun = os.path.abspath(a.ptoas), os.path.abspath(a.ptorun)
    a.work = run_directory(a.work)
    os.chdir(a.work)
    return a
