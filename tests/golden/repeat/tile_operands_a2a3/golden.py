"""Repeat-layer instructions on vec tiles (a2a3): vec_muls -2.5 on the even rows (repeat
stride 16: one row of 64 floats per repeat, every other row), then vec_add of x over the first
32 lanes of every row, in place on the destination tile."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros:1024"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(1670)
    x = rng.uniform(-8, 8, size=(16, 64)).astype(np.float32)
    d = x.copy()
    d[0::2] = x[0::2] * np.float32(-2.5)
    d[:, :32] = d[:, :32] + x[:, :32]  # each f32 op rounds once, as numpy's do
    save(out_dir, {"x": x, "y.expect": d})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
