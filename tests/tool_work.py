"""What the command-line test scripts share: their arguments (--ptoas, --ptorun, --work) and a
clean work directory to run in."""
import argparse
import os


def parse_and_enter_work():
    """Parses --ptoas --ptorun --work (tool paths made absolute), empties the work directory
    of files (making it if needed) and changes into it; the parsed arguments."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptoas", required=True)
    ap.add_argument("--ptorun", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    a.ptoas, a.ptorun = os.path.abspath(a.ptoas), os.path.abspath(a.ptorun)
    os.makedirs(a.work, exist_ok=True)
    os.chdir(a.work)
    for name in os.listdir("."):
        if not os.path.isdir(name):
            os.unlink(name)
    return a
