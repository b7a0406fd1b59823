"""TROWEXPANDMUL f32: a 16x64 * b[i, 0] from a 16x8 ND b; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin", "zeros"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(131)
    a = rng.normal(0, 10, size=(16, 64)).astype(np.float32)
    b = np.full((16, 8), np.nan, np.float32)  # columns 1..7: junk that must be ignored
    b[:, 0] = rng.uniform(-4, 4, 16)
    b[:3, 0] = [0.0, -np.inf, 1e30]
    a[0, 0] = np.inf                          # inf * 0 = NaN
    a[2, :2] = [1e10, 1e-40]                  # overflow to inf; a subnormal times 1e30
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) * b[:, :1].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float32)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
