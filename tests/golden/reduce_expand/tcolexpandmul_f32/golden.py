"""TCOLEXPANDMUL f32: a 16x64 * b[0, j] from a 1x64 ND b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.normal(0, 10, size=(16, 64)).astype(np.float32)
    b = rng.uniform(-4, 4, size=(1, 64)).astype(np.float32)
    b[0, :3] = [0.0, np.inf, 1e30]
    a[0, :2] = [np.inf, 0.0]                  # inf * 0 = NaN, 0 * inf = NaN
    a[3, 2] = 1e10                            # overflows to inf
    return a, b


CASE, generate = expand_binary_case(None, 137, "tcolexpandmul", "f32", (16, 64), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
