"""Runs every golden kernel and sample under ptorun --audit-accesses (interp/vm/access_audit.h):
each tile instruction must touch exactly what its access description (common/isa/access.h)
says, and the results must still match the numpy references.

    access_audit.py --ptoas PTOAS --ptorun PTORUN --root DIR --work DIR [CASE_DIR ...]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_case  # noqa: E402


def main():
    return golden_case.run_corpus("pass the access audit", lambda work: ["--audit-accesses"])


if __name__ == "__main__":
    sys.exit(main())
