"""TROWEXPANDSUB f32 (DPS): y = x - c[:, None], c loaded into a DN 16x1 column; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    x = rng.normal(0, 10, size=(16, 64)).astype(np.float32)
    c = rng.normal(0, 10, size=16).astype(np.float32)
    c[:3] = [np.inf, -3e38, 1.0]
    x[0, 0] = np.inf                  # inf - inf = NaN
    x[1, :2] = [3e38, -3e38]          # 6e38 overflows to +inf; -3e38 + 3e38 = 0
    x[2, :] = 1.0 + 2.0**-23          # exact small differences
    return x, c


CASE, generate = expand_binary_case(None, 141, "trowexpandsub", "f32", (16, 64), inputs,
                                    names=("x", "c", "y"), dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
