"""DN 16x8 f32 tile, valid 10x5, pad=max: +inf around the window; only the window is stored."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:1024"],
    "outs": [{"target": "t", "expect": "t.expect.bin", "dtype": "float32"},
             {"target": "2", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(211)
    m = rng.normal(0, 100, size=(16, 64)).astype(np.float32)   # the logical matrix
    t = np.full((16, 8), np.inf, np.float32)
    t[:10, :5] = m[3:13, 5:10]
    y = np.zeros((16, 64), np.float32)
    y[1:11, 2:7] = m[3:13, 5:10]
    m.T.copy().tofile(os.path.join(out_dir, "x.bin"))     # stored column by column
    t.tofile(os.path.join(out_dir, "t.expect.bin"))
    y.T.copy().tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
