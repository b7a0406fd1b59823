"""TCOLEXPANDMUL f32: a 16x64 * b[0, j] from a 1x64 ND b; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(137)
    a = rng.normal(0, 10, size=(16, 64)).astype(np.float32)
    b = rng.uniform(-4, 4, size=(1, 64)).astype(np.float32)
    b[0, :3] = [0.0, np.inf, 1e30]
    a[0, :2] = [np.inf, 0.0]                  # inf * 0 = NaN, 0 * inf = NaN
    a[3, 2] = 1e10                            # overflows to inf
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) * b[:1, :].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float32)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
