"""TCOLMAX 16x32 f32, valid 12x32: column maxima; a NaN in a column gives NaN."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(111)
    x = rng.uniform(-1000, 1000, size=(16, 32)).astype(np.float32)
    x[12:, :] = np.inf                # rows outside the valid region must not count
    x[3, 0] = np.nan                   # NaN wins
    x[0, 1] = np.nan
    x[:12, 2] = -np.inf
    x[:12, 3] = -np.inf
    x[7, 3] = np.inf
    x[:12, 4] = -rng.uniform(1, 2, 12)
    x[2, 5] = np.inf
    x[9, 5] = np.nan                   # NaN after +inf
    dst = x[:12].max(axis=0).reshape(1, 32)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
