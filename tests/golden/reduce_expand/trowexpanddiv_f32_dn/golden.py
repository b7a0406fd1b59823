"""TROWEXPANDDIV f32: a 16x32 / b[i, 0] from a 16x1 DN b; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(132)
    a = rng.normal(0, 10, size=(16, 32)).astype(np.float32)
    b = rng.uniform(0.5, 4, size=(16, 1)).astype(np.float32)
    b[:4, 0] = [0.0, -0.0, np.inf, 3.0]      # x/0 = +-inf, 0/0 = NaN, x/inf = 0, inexact /3
    a[0, :2] = 0.0
    a[1, 0] = 0.0
    a[2, 0] = np.inf                          # inf/inf = NaN
    b[5, 0] = 1e-30
    a[5, :2] = [1e10, -1e10]                  # overflow to +-inf
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) / b[:, :1].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float32)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
