"""TCOLSUM 32x32 f32 on A5, tmp + isBinary: the same exact-then-round-once column sums."""
import math
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:32"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(107)
    x = (np.round(rng.uniform(-100, 100, size=(32, 32)) * 1024) / 1024).astype(np.float32)
    # Column 0: 2^24 followed by 31 ones. A sequential f32 sum stalls at 2^24; the exact sum
    # 2^24 + 31 rounds once (a tie) to 2^24 + 32.
    x[:, 0] = 1.0
    x[0, 0] = 2.0**24
    x[:, 1] = np.float32(1e-7)
    x[0, 1] = np.float32(1.0)
    x[:, 2] = -np.inf
    x[5, 2] = np.inf                    # -inf + inf = NaN
    x[:, 3] = 1.0
    x[9, 3] = np.nan
    with np.errstate(invalid="ignore"):
        y = np.array([np.float32(math.fsum(c.astype(np.float64))) if np.isfinite(c).all()
                      else np.float32(c.astype(np.float64).sum()) for c in x.T], np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
