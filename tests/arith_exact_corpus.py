"""Runs every golden kernel and sample whose outputs are compared with a tolerance (the
numpy-tolerance goldens: rtol, atol or ulp on each output) a second time under ptorun
--arith exact: the NPU's rounding (the default) and the exact results must both lie within
what those references allow (docs/semantics.md, "The NPU's arithmetic"). Bit-exact goldens
check one mode each (their CASE's ptorun_flags say which).

    arith_exact_corpus.py --ptoas PTOAS --ptorun PTORUN --root DIR --work DIR [CASE_DIR ...]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_case  # noqa: E402


def tolerant(case):
    """Whether every output of \\a case allows a tolerance and no --arith mode is fixed."""
    if "--arith" in case.get("ptorun_flags", []):
        return False
    outs = case.get("outs", [])
    return bool(outs) and all(o.get("rtol", 0) or o.get("atol", 0) or o.get("ulp", 0) for o in outs)


def main():
    return golden_case.run_corpus("pass with --arith exact", lambda work: ["--arith", "exact"],
                                  select=tolerant)


if __name__ == "__main__":
    sys.exit(main())
