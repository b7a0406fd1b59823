"""TROWEXPANDMUL f16 on A5: a 16x32 * b[i, 0] from a 16x1 DN b; one rounding."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(135)
    a = rng.uniform(-16, 16, size=(16, 32)).astype(np.float16)
    b = rng.uniform(-16, 16, size=(16, 1)).astype(np.float16)
    b[:3, 0] = [0.0, 300.0, 2.0**-14]
    a[0, 0] = np.inf                          # inf * 0 = NaN
    a[1, :2] = [300.0, -300.0]                # 90000 overflows to +-inf
    a[2, :2] = [2.0**-10, 0.5]                # products in the subnormal range
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) * b[:, :1].astype(np.float64)   # then rounded once
        dst = exact.astype(np.float16)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
