"""TROWEXPANDSUB f16: a 16x64 - b[i, 0] from a 16x16 ND b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.uniform(-100, 100, size=(16, 64)).astype(np.float16)
    b = np.full((16, 16), np.inf, np.float16)  # columns 1..15: junk that must be ignored
    b[:, 0] = rng.uniform(-100, 100, 16)
    b[:3, 0] = [-60000.0, np.nan, 0.0009765625]
    a[0, :2] = [60000.0, -60000.0]            # 120000 overflows to inf
    a[2, :] = 2048.0                          # 2048 - 2^-10 rounds back to 2048
    return a, b


CASE, generate = expand_binary_case(None, 134, "trowexpandsub", "f16", (16, 64), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
