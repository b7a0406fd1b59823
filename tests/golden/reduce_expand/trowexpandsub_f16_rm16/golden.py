"""TROWEXPANDSUB f16: a 16x64 - b[i, 0] from a 16x16 ND b; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(134)
    a = rng.uniform(-100, 100, size=(16, 64)).astype(np.float16)
    b = np.full((16, 16), np.inf, np.float16)  # columns 1..15: junk that must be ignored
    b[:, 0] = rng.uniform(-100, 100, 16)
    b[:3, 0] = [-60000.0, np.nan, 0.0009765625]
    a[0, :2] = [60000.0, -60000.0]            # 120000 overflows to inf
    a[2, :] = 2048.0                          # 2048 - 2^-10 rounds back to 2048
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) - b[:, :1].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float16)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
