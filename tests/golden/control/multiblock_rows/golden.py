"""Row normalisation of a 64x128 f32 matrix, 8 row tiles split over 4 blocks (2 each)."""
import os

import numpy as np

M, BLOCKS = 64, 4
CASE = {
    "args": ["x.bin", "zeros:%d" % (M * 128), str(M), "--blocks", str(BLOCKS)],
    # f32 mean (one rounding), centring, squares, variance, sqrt and division each add <= 1 ulp;
    # the mean's error over std (~2) gives ~1e-7 absolute. A missed or doubled row tile is off
    # by O(1) (zeros or another row's values).
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 1e-6, "atol": 5e-7}],
}


def reference(x):
    x = x.astype(np.float64)
    xc = x - x.mean(axis=1, keepdims=True)
    return (xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + 1e-5)).astype(np.float32)


def generate(out_dir):
    rng = np.random.default_rng(6464)
    # Rows with different offsets and scales, so a row processed twice or taken from the wrong
    # place is visible; row 5 is constant (variance 0: y = 0 / sqrt(eps)).
    x = (rng.normal(0.0, 1.0, size=(M, 128)) * rng.uniform(0.5, 3.0, size=(M, 1))
         + rng.uniform(-2.0, 2.0, size=(M, 1))).astype(np.float32)
    x[5, :] = 1.25
    x.tofile(os.path.join(out_dir, "x.bin"))
    reference(x).tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
