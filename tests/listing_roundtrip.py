"""Assembles every program of the test suite, prints it as a listing with ptoas -d, assembles
the listing and checks that the bytes are identical; objects (ptoas -c) likewise."""
import argparse
import filecmp
import glob
import os
import runpy
import subprocess
import sys
import tool_work  # noqa: E402  (tests/tool_work.py: one work directory per run)


def programs(root):
    """(path, arch, entry, as_object) for each golden kernel and the objects it links, sample
    and parse-corpus file."""
    for golden in sorted(glob.glob(os.path.join(root, "tests/golden/*/*/golden.py")) +
                         glob.glob(os.path.join(root, "samples/*/golden.py"))):
        case = runpy.run_path(golden)["CASE"]
        case_dir = os.path.dirname(golden)
        kernel = os.path.normpath(os.path.join(case_dir, case.get("kernel", "kernel.pto")))
        linked = bool(case.get("objects"))
        yield kernel, case.get("arch"), case.get("entry"), linked
        for source in case.get("objects", []):
            yield os.path.normpath(os.path.join(case_dir, source)), case.get("arch"), None, True
    for path in sorted(glob.glob(os.path.join(root, "tests/parse/*.pto"))):
        yield path, None, None, False


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--root", required=True, help="the repository")
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.work = tool_work.run_directory(args.work)
    os.makedirs(args.work, exist_ok=True)
    failures, count, seen = [], 0, set()
    for path, arch, entry, as_object in programs(args.root):
        if (path, arch, entry) in seen:
            continue
        seen.add((path, arch, entry))
        count += 1
        stem = os.path.join(args.work, f"p{count}")
        first, listing, second = stem + ".ptobc", stem + ".lst.pto", stem + ".again.ptobc"
        compile_only = ["-c"] if as_object else []
        cmd = [args.ptoas] + compile_only + [path, "-o", first]
        cmd += (["--arch", arch] if arch else []) + (["--entry", entry] if entry else [])
        for step in (cmd, [args.ptoas, "-d", first, "-o", listing],
                     [args.ptoas] + compile_only + [listing, "-o", second]):
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
