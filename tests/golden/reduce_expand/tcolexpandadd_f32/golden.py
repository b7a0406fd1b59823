"""TCOLEXPANDADD f32: a 16x32 + b[0, j] from a 1x32 ND b; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(140)
    a = rng.normal(0, 10, size=(16, 32)).astype(np.float32)
    b = rng.normal(0, 10, size=(1, 32)).astype(np.float32)
    b[0, :4] = [np.inf, 2.0**-25, 3e38, -0.0]
    a[0, 0] = -np.inf                         # -inf + inf = NaN
    a[:, 1] = 1.0                             # 1 + 2^-25 rounds back to 1
    a[2, 2] = 1e38                            # overflows to inf
    a[3, 3] = -0.0                            # -0 + -0 = -0
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) + b[:1, :].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float32)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
