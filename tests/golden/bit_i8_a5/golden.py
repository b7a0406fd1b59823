"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS on 8x64 (valid 6x40) i8 (a5, synchronous form)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import IntCase, here

# The kernel's results, in the order of its output parameters (DPS) or by name.
OUTS = [
    "band", "bor", "bxor", "bnot", "shl", "shr", "ands", "ors", "xors",
]
# The scalars as the kernel declares them (the reference converts them to the element type).
SCALARS = {
    "ands": 0x5AF0, "ors": -3, "xors": 127,
}
_CASE = IntCase(np.int8, "a5", 8, 64, 6, 40, 607, OUTS, SCALARS,
               dps=False)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
