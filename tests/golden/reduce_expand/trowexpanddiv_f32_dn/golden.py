"""TROWEXPANDDIV f32: a 16x32 / b[i, 0] from a 16x1 DN b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.normal(0, 10, size=(16, 32)).astype(np.float32)
    b = rng.uniform(0.5, 4, size=(16, 1)).astype(np.float32)
    b[:4, 0] = [0.0, -0.0, np.inf, 3.0]      # x/0 = +-inf, 0/0 = NaN, x/inf = 0, inexact /3
    a[0, :2] = 0.0
    a[1, 0] = 0.0
    a[2, 0] = np.inf                          # inf/inf = NaN
    b[5, 0] = 1e-30
    a[5, :2] = [1e10, -1e10]                  # overflow to +-inf
    return a, b


CASE, generate = expand_binary_case(None, 132, "trowexpanddiv", "f32", (16, 32), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
