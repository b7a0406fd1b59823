"""TMOV DN -> ND, 32x32 i8 on A5: column-major input bytes come out transposed."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:1024"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "int8"},
             {"target": "dn", "expect": "y.expect.bin", "dtype": "int8"},
             {"target": "nd", "expect": "y.expect.bin", "dtype": "int8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(207)
    x = rng.integers(-128, 128, size=1024).astype(np.int8)
    m = x.reshape(32, 32).T.copy()      # logical matrix: M[r, c] = x[c*32 + r]
    x.tofile(os.path.join(out_dir, "x.bin"))
    m.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
