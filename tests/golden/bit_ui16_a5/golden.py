"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS TREM TFMOD TREMS TFMODS on 6x32 (valid 5x27) ui16
(a5, synchronous form)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import IntCase, here

# The kernel's results, in the order of its output parameters (DPS) or by name.
OUTS = [
    "band", "bor", "bxor", "bnot", "shl", "shr", "ands", "ors", "xors", "rem", "fmod", "rems",
    "fmods",
]
# The scalars as the kernel declares them (the reference converts them to the element type).
SCALARS = {
    "ands": 0x5AF0, "ors": 3, "xors": 65535, "rems": 7, "fmods": 7,
}
_CASE = IntCase(np.uint16, "a5", 6, 32, 5, 27, 610, OUTS, SCALARS,
               dps=False)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
