"""TREM TFMOD TREMS TFMODS on 6x16 (valid 5x11) f32 (a2a3, synchronous form)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from golden_bitrem import FloatCase, here

# The kernel's results, in the order of its output parameters (DPS) or by name.
OUTS = [
    "rem", "fmod", "rems", "rems_n", "rems_0", "fmods", "fmods_n",
]
# The scalars as the kernel declares them (the reference converts them to the element type).
SCALARS = {
    "rems": 2.5, "rems_n": -0.75, "rems_0": 0.0, "fmods": 2.5, "fmods_n": -0.75,
}
_CASE = FloatCase(np.float32, "a2a3", 6, 16, 5, 11, 702, OUTS, SCALARS,
                 dps=False)
CASE = _CASE.CASE
generate = _CASE.generate

if __name__ == "__main__":
    generate(here(__file__))
