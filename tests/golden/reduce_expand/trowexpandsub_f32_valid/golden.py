"""TROWEXPANDSUB f32: a 32x32 - b[i, 0] from a 32x1 DN b, dst valid 20x24; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(133)
    a = rng.normal(0, 10, size=(32, 32)).astype(np.float32)
    b = rng.normal(0, 10, size=(32, 1)).astype(np.float32)
    b[:3, 0] = [np.inf, np.nan, 2.0**-30]
    a[0, 0] = np.inf                          # inf - inf = NaN
    a[2, :] = 1.0                             # 1 - 2^-30 rounds to 1 in f32
    b[25:, 0] = np.nan                        # rows outside the valid region
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) - b[:, :1].astype(np.float64)   # then rounded once
        dst = np.zeros((32, 32), np.float32)
        dst[:20, :24] = exact[:20, :24].astype(np.float32)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
