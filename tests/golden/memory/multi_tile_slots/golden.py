"""Multi-buffer tiles: y = 2x + 1 through slots taken at run-time indices; last = 2 x (row tile
7), read back from the slot iteration 7 wrote (kernel.pto says how). Exact in f32 (x holds small
multiples of 1/8)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:8192", "zeros:1024"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "last.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3638)
    x = (rng.integers(-4000, 4000, size=(128, 64)) / 8).astype(np.float32)
    save(out_dir, {"x": x, "y.expect": 2 * x + 1, "last.expect": 2 * x[112:128]})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
