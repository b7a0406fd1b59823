"""TROWMAX f16, source valid 16x20 of 16x32, into column 0 of an ND 16x16 tile (NaN wins)."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(105)
    x = rng.uniform(-1000, 1000, size=(16, 32)).astype(np.float16)
    x[:, 20:] = np.float16(65504.0)     # invalid columns: larger than every valid value
    x[0, 19] = np.nan
    x[1, :20] = -np.inf
    x[2, :20] = np.float16(-6e-8)       # subnormal, all equal
    x[3, 7] = np.inf
    x[4, :20] = -rng.uniform(1, 2, 20)
    dst = np.zeros((16, 16), np.float16)
    dst[:, 0] = np.max(x[:, :20], axis=1)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
