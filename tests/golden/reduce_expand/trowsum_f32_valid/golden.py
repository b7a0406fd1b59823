"""TROWSUM of a 16x64 f32 tile with valid 12x40: rows 0..11 summed over columns 0..39."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = (np.round(rng.uniform(-8, 8, size=(16, 64)) * 1024) / 1024).astype(np.float32)
    x[:, 40:] = 1e30        # outside the valid columns: would dominate every sum if read
    x[12:, :] = np.nan      # outside the valid rows
    return x


CASE, generate = reduce_case(None, 103, "trowsum", "f32", (16, 64), inputs, valid=(12, 40))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
