"""TAND TOR TXOR TSHL TSHR TANDS TORS TXORS on 6x16 (valid 5x11) ui32 (a2a3, DPS)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import IntCase, here

# The scalars as the kernel declares them (converted to the element type by the reference).
SCALARS = {"ands": 0x5A5AF0F0, "ors": 3, "xors": 4294967295}
_CASE = IntCase(np.uint32, "a2a3", 6, 16, 5, 11, 606,
               ["band", "bor", "bxor", "shl", "shr", "ands", "ors", "xors"], SCALARS, dps=True)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
