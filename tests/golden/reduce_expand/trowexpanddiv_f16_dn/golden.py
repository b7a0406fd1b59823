"""TROWEXPANDDIV f16: a 16x32 / b[i, 0] from a 16x1 DN b; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin", "zeros"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(136)
    a = rng.uniform(-16, 16, size=(16, 32)).astype(np.float16)
    b = rng.uniform(1, 16, size=(16, 1)).astype(np.float16)
    b[:4, 0] = [0.0, -0.0, 3.0, 7.0]          # division by zero; inexact thirds and sevenths
    a[0, 0] = 0.0                             # 0/0 = NaN
    b[5, 0] = 0.001
    a[5, :2] = [100.0, -100.0]                # 1e5 overflows to +-inf
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) / b[:, :1].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float16)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
