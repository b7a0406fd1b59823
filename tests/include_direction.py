"""The interp libraries include one way: each may include the headers of the libraries before
it in the list given (the picture of docs/architecture.md) and of no library after it. For
every pair, a probe that includes one header of the other library is preprocessed with the
first library's include path (from CMake, --dirs/<lib>.txt); it must compile exactly when the
picture allows it. A library's headers are those under its own include root
(build/include/<lib>/pto/..., cmake/PtoHeaders.cmake).

    include_direction.py --compiler CXX --dirs DIR --build BUILD LIB...
"""
import argparse
import os
import subprocess
import sys


def own_header(build, lib):
    """One header the library exposes ("pto/interp/vm/core.h"), or None."""
    root = os.path.join(build, "include", lib)
    for d, dirs, names in sorted(os.walk(root, followlinks=True)):
        dirs.sort()
        for n in sorted(names):
            if n.endswith(".h"):
                return os.path.relpath(os.path.join(d, n), root)
    return None


def compiles(compiler, dirs, header):
    flags = [f"-I{d}" for d in dirs if d]
    probe = f'#include "{header}"\n'
    r = subprocess.run([compiler, "-std=c++20", "-E", "-x", "c++", "-", "-o", os.devnull] + flags,
                       input=probe, capture_output=True, text=True)
    return r.returncode == 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--compiler", required=True)
    p.add_argument("--dirs", required=True)
    p.add_argument("--build", required=True)
    p.add_argument("libs", nargs="+")
    args = p.parse_args()
    headers = {lib: own_header(args.build, lib) for lib in args.libs}
    problems = [f"{lib} exposes no header" for lib, h in headers.items() if h is None]
    pairs = 0
    for i, lib in enumerate(args.libs):
        with open(os.path.join(args.dirs, f"{lib}.txt")) as f:
            dirs = f.read().split("\n")
        for j, other in enumerate(args.libs):
            if headers[other] is None:
                continue
            allowed = j <= i
            if compiles(args.compiler, dirs, headers[other]) != allowed:
                problems.append(f"{lib} {'cannot' if allowed else 'can'} include {headers[other]} "
                                f"({other}, {'before' if allowed else 'after'} it)")
            pairs += 1
    for line in problems:
        print("include-direction:", line)
    if not problems:
        print(f"include-direction: {pairs} pairs of {len(args.libs)} libraries include one way")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
