"""Row normalisation of a 56x128 f32 matrix, 7 row tiles split unevenly over 3 blocks (3, 3, 1)."""
import os

import numpy as np

M, BLOCKS = 56, 3
CASE = {
    "args": ["x.bin", "zeros:%d" % (M * 128), str(M), "--blocks", str(BLOCKS)],
    # As multiblock_rows: a few f32 roundings per element (~1e-7 absolute for |y| <= 4); a
    # missed or doubled row tile is off by O(1).
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 1e-6, "atol": 5e-7}],
}


def reference(x):
    x = x.astype(np.float64)
    xc = x - x.mean(axis=1, keepdims=True)
    return (xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + 1e-5)).astype(np.float32)


def generate(out_dir):
    rng = np.random.default_rng(5603)
    x = (rng.normal(0.0, 1.0, size=(M, 128)) * rng.uniform(0.5, 3.0, size=(M, 1))
         + rng.uniform(-2.0, 2.0, size=(M, 1))).astype(np.float32)
    x[M - 1, :] = -0.5          # a constant row in the last block's only tile
    x.tofile(os.path.join(out_dir, "x.bin"))
    reference(x).tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
