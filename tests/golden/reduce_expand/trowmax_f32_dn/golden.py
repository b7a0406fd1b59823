"""TROWMAX 32x64 f32 -> DN 32x1: row maxima; a NaN anywhere in a row gives NaN."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = rng.normal(0.0, 100.0, size=(32, 64)).astype(np.float32)
    x[0, 17] = np.nan                       # NaN in the middle
    x[1, 0] = np.nan                        # NaN first
    x[2, 63] = np.nan                       # NaN last
    x[3, 5] = np.inf
    x[3, 6] = np.nan                        # NaN after +inf still wins
    x[4, :] = -np.inf                       # all -inf
    x[5, :] = -rng.uniform(1, 10, 64)       # all negative
    x[6, :] = np.float32(3.5)               # constant row
    x[7, 40] = np.inf
    x[8, :] = -np.inf
    x[8, 63] = -3.0e38                      # the only finite value, at the end
    return x


CASE, generate = reduce_case(None, 104, "trowmax", "f32", (32, 64), inputs,
                             names=("x", "y"), dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
