"""TCMPS and TSEL on a2a3, every element type each allows there: tcmps_tsel_case in
tests/reference/compare_select.py has the tables and the reference (shared with the a5 case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.compare_select import tcmps_tsel_case

HERE = os.path.dirname(os.path.abspath(__file__))
CASE, generate = tcmps_tsel_case("a2a3", HERE)
# The compares by their modes (--arith exact): a2a3 compares i32 only for equality and 16-bit
# integers as f16 bits, which compare_select/cmp_npu_a2a3 checks.
CASE = dict(CASE, ptorun_flags=["--arith", "exact"])

if __name__ == "__main__":
    generate(HERE)
