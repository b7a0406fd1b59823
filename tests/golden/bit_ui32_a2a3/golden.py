"""TSHL TSHR on 6x16 (valid 5x11) ui32 (a2a3, DPS)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import IntCase, here

# The kernel's results, in the order of its output parameters (DPS) or by name.
OUTS = [
    "shl", "shr",
]
# The scalars as the kernel declares them (the reference converts them to the element type).
SCALARS = {}
_CASE = IntCase(np.uint32, "a2a3", 6, 16, 5, 11, 606, OUTS, SCALARS,
               dps=True)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
