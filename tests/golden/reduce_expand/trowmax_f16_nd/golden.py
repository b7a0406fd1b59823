"""TROWMAX f16, source valid 16x20 of 16x32, into column 0 of an ND 16x16 tile (NaN wins)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = rng.uniform(-1000, 1000, size=(16, 32)).astype(np.float16)
    x[:, 20:] = np.float16(65504.0)     # invalid columns: larger than every valid value
    x[0, 19] = np.nan
    x[1, :20] = -np.inf
    x[2, :20] = np.float16(-6e-8)       # subnormal, all equal
    x[3, 7] = np.inf
    x[4, :20] = -rng.uniform(1, 2, 20)
    return x


CASE, generate = reduce_case(None, 105, "trowmax", "f16", (16, 32), inputs,
                             valid=(16, 20), dst=(16, 16))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
