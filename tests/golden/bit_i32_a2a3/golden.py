"""TSHL TSHR TREM TFMOD TREMS TFMODS on 6x16 (valid 5x11) i32 (a2a3, SSA)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import IntCase, here

# The kernel's results, in the order of its output parameters (DPS) or by name.
OUTS = [
    "shl", "shr", "rem", "fmod", "rems", "fmods", "rems_n", "fmods_n",
]
# The scalars as the kernel declares them (the reference converts them to the element type).
SCALARS = {
    "rems": 7, "fmods": 7, "rems_n": -7, "fmods_n": -3,
}
_CASE = IntCase(np.int32, "a2a3", 6, 16, 5, 11, 605, OUTS, SCALARS,
               dps=False)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
