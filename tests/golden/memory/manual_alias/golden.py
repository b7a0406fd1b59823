"""Manual addresses, a 16x1 column aliased as a 1x16 row: y = x - rowmean(x), 16x64 f32."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import line_sums
from reference.tiles import save


CASE = {
    "args": ["x.bin", "zeros:1024", "zeros:16"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "mean.expect.bin", "dtype": "float32"},
             {"target": "sum", "expect": "sum.expect.bin", "dtype": "float32"},
             {"target": "sum_row", "expect": "sum.expect.bin", "dtype": "float32"},
             {"target": "mean", "expect": "mean.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(210)
    # Multiples of 2^-12 below 2^8: the double row sums are exact in any order.
    x = (np.round(rng.normal(3.0, 20.0, size=(16, 64)) * 4096) / 4096).astype(np.float32)
    x[0, :] = np.arange(64)                       # mean 31.5
    sums = line_sums(x, "f32")
    mean = sums * np.float32(1 / 64)              # a power of two: exact
    y = (x.astype(np.float64) - mean.astype(np.float64)[:, None]).astype(np.float32)
    save(out_dir, {"x": x, "y.expect": y, "mean.expect": mean, "sum.expect": sums})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
