"""TLOAD of columns 16..47 of a 32x64 f32 matrix (row stride 64); stored compact and strided."""
import os

import numpy as np

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
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))
    z.tofile(os.path.join(out_dir, "z.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
