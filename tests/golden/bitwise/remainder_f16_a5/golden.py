"""TREM TFMOD TREMS TFMODS on 6x32 (valid 5x27) f16 (a5, SSA)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import here, rem_case

CASE, generate = rem_case("f16", "a5", 703)
# The exact remainders (--arith exact); remainder_npu_* check the NPU's sequences.
CASE = dict(CASE, ptorun_flags=["--arith", "exact"])

if __name__ == "__main__":
    generate(here(__file__))
