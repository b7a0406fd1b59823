"""TROWSUM 16x64 f32 -> DN 16x1: each row summed in double and rounded once to f32."""
import math
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:16"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(101)
    # Multiples of 2^-16 below 2^8: every double partial sum is exact, so the order of
    # summation cannot matter and math.fsum gives the double result.
    x = np.round(rng.normal(0.0, 4.0, size=(16, 64)) * 65536) / 65536
    x = x.astype(np.float32)
    x[0, :] = 0.0
    x[0, :4] = [2.0**24, 1.0, -(2.0**24), 1.0]   # f32 accumulation would give 1, not 2
    x[1, :] = 0.0
    x[1, 0] = 1.0
    x[1, 1:] = 2.0**-24                           # 1 + 63*2^-24: rounds once, to 1 + 2^-18
    x[2, :] = 1e-3                                # 64 * f32(1e-3), rounded once
    y = np.array([np.float32(math.fsum(row.astype(np.float64))) for row in x], np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
