"""TROWEXPANDMUL f32: a 16x64 * b[i, 0] from a 16x8 ND b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.normal(0, 10, size=(16, 64)).astype(np.float32)
    b = np.full((16, 8), np.nan, np.float32)  # columns 1..7: junk that must be ignored
    b[:, 0] = rng.uniform(-4, 4, 16)
    b[:3, 0] = [0.0, -np.inf, 1e30]
    a[0, 0] = np.inf                          # inf * 0 = NaN
    a[2, :2] = [1e10, 1e-40]                  # overflow to inf; a subnormal times 1e30
    return a, b


CASE, generate = expand_binary_case(None, 131, "trowexpandmul", "f32", (16, 64), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
