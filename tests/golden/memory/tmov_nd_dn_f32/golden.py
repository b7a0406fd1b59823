"""TMOV ND -> DN -> ND, 16x16 f32: same logical matrix; a column-major store gives x.T in memory."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:256", "zeros:256"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint32"},
             {"target": "3", "expect": "x.bin", "dtype": "uint32"},
             {"target": "dn", "expect": "x.bin", "dtype": "uint32"},
             {"target": "back", "expect": "x.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(206)
    x = rng.integers(0, 1 << 32, size=(16, 16), dtype=np.uint32)   # f32 bit patterns
    y = x.T.copy()             # y[c*16 + r] = x[r, c]
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
