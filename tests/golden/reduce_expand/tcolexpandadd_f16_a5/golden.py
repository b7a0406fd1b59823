"""TCOLEXPANDADD f16 on A5: a 16x32 + b[0, j] from a 1x32 ND b; one rounding."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(138)
    a = rng.uniform(-1000, 1000, size=(16, 32)).astype(np.float16)
    b = rng.uniform(-1000, 1000, size=(1, 32)).astype(np.float16)
    b[0, :3] = [np.inf, 0.25, 60000.0]
    a[0, 0] = -np.inf                         # -inf + inf = NaN
    a[:, 1] = 2048.0                          # 2048 + 0.25 rounds back to 2048
    a[4, 2] = 10000.0                         # overflows to inf
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) + b[:1, :].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float16)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
