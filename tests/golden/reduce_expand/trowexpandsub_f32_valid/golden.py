"""TROWEXPANDSUB f32: a 32x32 - b[i, 0] from a 32x1 DN b, dst valid 20x24; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.normal(0, 10, size=(32, 32)).astype(np.float32)
    b = rng.normal(0, 10, size=(32, 1)).astype(np.float32)
    b[:3, 0] = [np.inf, np.nan, 2.0**-30]
    a[0, 0] = np.inf                          # inf - inf = NaN
    a[2, :] = 1.0                             # 1 - 2^-30 rounds to 1 in f32
    b[25:, 0] = np.nan                        # rows outside the valid region
    return a, b


CASE, generate = expand_binary_case(None, 133, "trowexpandsub", "f32", (32, 32), inputs,
                                    valid=(20, 24))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
