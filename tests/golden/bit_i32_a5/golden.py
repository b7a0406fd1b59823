"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS TREM TFMOD TREMS TFMODS on 6x16 (valid 5x11) i32
(a5, SSA)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import IntCase, here

# The kernel's results, in the order of its output parameters (DPS) or by name.
OUTS = [
    "band", "bor", "bxor", "bnot", "shl", "shr", "ands", "ors", "xors", "rem", "fmod", "rems",
    "fmods", "rems_n", "fmods_n", "rems_tmp",
]
# The scalars as the kernel declares them (the reference converts them to the element type).
SCALARS = {
    "ands": 0x5A5AF0F0, "ors": -3, "xors": 2147483647, "rems": 7, "fmods": 7, "rems_n": -7,
    "fmods_n": -3, "rems_tmp": 7,
}
_CASE = IntCase(np.int32, "a5", 6, 16, 5, 11, 611, OUTS, SCALARS,
               dps=False)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
