"""TROWSUM and TCOLMAX over a run-time 13x50 valid region of a +inf-padded 16x64 f32 tile."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import line_sums
from reference.tiles import save


R, C = 13, 50
CASE = {
    "args": ["x.bin", "zeros:16", "zeros:64", str(R), str(C)],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "z.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(250)
    x = (np.round(rng.normal(0, 30, size=(16, 64)) * 512) / 512).astype(np.float32)
    v = x[:R, :C]
    y = np.zeros(16, np.float32)          # rows R..15 of the column are never written
    y[:R] = line_sums(v, "f32")
    z = np.zeros(64, np.float32)          # columns C..63 of the row are never written
    z[:C] = v.max(axis=0)
    save(out_dir, {"x": x, "y.expect": y, "z.expect": z})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
