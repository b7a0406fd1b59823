"""TLOAD of columns 16..47 of a 32x64 f32 matrix (row stride 64); stored compact and strided."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:1024", "zeros:2048"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint32"},
             {"target": "3", "expect": "z.expect.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(201)
    x = rng.integers(0, 1 << 32, size=(32, 64), dtype=np.uint32)   # arbitrary f32 bit patterns
    y = x[:, 16:48].copy()
    z = np.zeros((32, 64), np.uint32)
    z[:, :32] = x[:, 16:48]
    save(out_dir, {"x": x, "y.expect": y, "z.expect": z})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
