"""TCOLEXPANDADD f32: a 16x32 + b[0, j] from a 1x32 ND b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.normal(0, 10, size=(16, 32)).astype(np.float32)
    b = rng.normal(0, 10, size=(1, 32)).astype(np.float32)
    b[0, :4] = [np.inf, 2.0**-25, 3e38, -0.0]
    a[0, 0] = -np.inf                         # -inf + inf = NaN
    a[:, 1] = 1.0                             # 1 + 2^-25 rounds back to 1
    a[2, 2] = 1e38                            # overflows to inf
    a[3, 3] = -0.0                            # -0 + -0 = -0
    return a, b


CASE, generate = expand_binary_case(None, 140, "tcolexpandadd", "f32", (16, 32), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
