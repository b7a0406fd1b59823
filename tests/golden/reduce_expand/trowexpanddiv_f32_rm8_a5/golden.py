"""TROWEXPANDDIV f32 on A5 (DPS): y[i, j] = x[i, j] / d[i, 0], d a row-major 16x8 tile."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    x = rng.normal(0, 10, size=(16, 32)).astype(np.float32)
    d = rng.uniform(-100, 100, size=(16, 8)).astype(np.float32)
    d[:, 1:] = 0.0                    # ignored columns: dividing by them would give inf/NaN
    d[:4, 0] = [0.0, -0.0, 3.0, 1e-30]
    x[0, 0] = 0.0                     # 0/0 = NaN, x/0 = +-inf
    x[3, :2] = [1e10, 1e-40]          # overflow to inf; a subnormal divided up
    return x, d


CASE, generate = expand_binary_case(None, 142, "trowexpanddiv", "f32", (16, 32), inputs,
                                    names=("x", "d", "y"), dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
