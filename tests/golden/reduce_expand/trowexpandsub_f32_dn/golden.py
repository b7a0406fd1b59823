"""TROWEXPANDSUB f32 (DPS): y = x - c[:, None], c loaded into a DN 16x1 column; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "c.bin", "zeros:1024"],
    "outs": [{"target": "3", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(141)
    x = rng.normal(0, 10, size=(16, 64)).astype(np.float32)
    c = rng.normal(0, 10, size=16).astype(np.float32)
    c[:3] = [np.inf, -3e38, 1.0]
    x[0, 0] = np.inf                  # inf - inf = NaN
    x[1, :2] = [3e38, -3e38]          # 6e38 overflows to +inf; -3e38 + 3e38 = 0
    x[2, :] = 1.0 + 2.0**-23          # exact small differences
    with np.errstate(invalid="ignore", over="ignore"):
        y = (x.astype(np.float64) - c.astype(np.float64)[:, None]).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    c.tofile(os.path.join(out_dir, "c.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
