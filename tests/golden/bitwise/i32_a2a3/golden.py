"""TSHL TSHR TREM TFMOD TREMS TFMODS on 6x16 (valid 5x11) i32 (a2a3, SSA)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("i32", "a2a3", 605, "shl shr rem fmod rems fmods rems_n fmods_n")
# The exact remainders (--arith exact); remainder_npu_* check the NPU's sequences.
CASE = dict(CASE, ptorun_flags=["--arith", "exact"])

if __name__ == "__main__":
    generate(here(__file__))
