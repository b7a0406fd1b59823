"""Assembles every program of the test suite, prints it as a listing with ptoas -d, assembles
the listing and checks that the bytes are identical (and that ptorun would load them)."""
import argparse
import filecmp
import glob
import os
import runpy
import subprocess
import sys


def programs(root):
    """(path, arch, entry) for each golden kernel, sample and parse-corpus file."""
    for golden in sorted(glob.glob(os.path.join(root, "tests/golden/*/golden.py")) +
                         glob.glob(os.path.join(root, "samples/*/golden.py"))):
        case = runpy.run_path(golden)["CASE"]
        kernel = os.path.normpath(os.path.join(os.path.dirname(golden),
                                               case.get("kernel", "kernel.pto")))
        yield kernel, case.get("arch"), case.get("entry")
    for path in sorted(glob.glob(os.path.join(root, "tests/parse/*.pto"))):
        yield path, None, None


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--root", required=True, help="the repository")
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    failures, count, seen = [], 0, set()
    for path, arch, entry in programs(args.root):
        if (path, arch, entry) in seen:
            continue
        seen.add((path, arch, entry))
        count += 1
        stem = os.path.join(args.work, f"p{count}")
        first, listing, second = stem + ".ptobc", stem + ".lst.pto", stem + ".again.ptobc"
        cmd = [args.ptoas, path, "-o", first] + (["--arch", arch] if arch else [])
        cmd += ["--entry", entry] if entry else []
        for step in (cmd, [args.ptoas, "-d", first, "-o", listing],
                     [args.ptoas, listing, "-o", second]):
            done = run(step)
            if done.returncode != 0:
                failures.append(f"{path}: {' '.join(step)} failed:\n{done.stderr}")
                break
        else:
            if not filecmp.cmp(first, second, shallow=False):
                failures.append(f"{path}: the listing {listing} assembles to different bytes")
    for f in failures:
        print("FAIL " + f)
    print(f"{count - len(failures)} of {count} programs round-trip through their listing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
