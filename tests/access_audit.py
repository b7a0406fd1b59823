"""Runs every golden kernel and sample under ptorun --audit-accesses (interp/access_audit.h):
each tile instruction must touch exactly what its access description (common/isa/access.h)
says, and the results must still match the numpy references.

    access_audit.py --ptoas PTOAS --ptorun PTORUN --root DIR --work DIR [CASE_DIR ...]
"""
import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_case  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--ptorun", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("cases", nargs="*", help="case directories (default: all)")
    args = parser.parse_args()
    cases = args.cases or sorted(
        os.path.dirname(g) for g in glob.glob(os.path.join(args.root, "tests/golden/*/*/golden.py")) +
        glob.glob(os.path.join(args.root, "samples/*/golden.py")))
    failed = 0
    for case_dir in cases:
        name = os.path.relpath(case_dir, args.root)
        work = os.path.join(args.work, name)
        problems = golden_case.run(args.ptoas, args.ptorun, os.path.abspath(case_dir), work,
                                   ptorun_flags=["--audit-accesses"])
        for p in problems:
            print(f"FAIL {name}: {p}")
        failed += bool(problems)
    print(f"{len(cases) - failed} of {len(cases)} kernels pass the access audit")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
