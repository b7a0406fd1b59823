"""TCOLEXPANDADD f16 on A5: a 16x32 + b[0, j] from a 1x32 ND b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.uniform(-1000, 1000, size=(16, 32)).astype(np.float16)
    b = rng.uniform(-1000, 1000, size=(1, 32)).astype(np.float16)
    b[0, :3] = [np.inf, 0.25, 60000.0]
    a[0, 0] = -np.inf                         # -inf + inf = NaN
    a[:, 1] = 2048.0                          # 2048 + 0.25 rounds back to 2048
    a[4, 2] = 10000.0                         # overflows to inf
    return a, b


CASE, generate = expand_binary_case("a5", 138, "tcolexpandadd", "f16", (16, 32), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
