"""TCOLSUM 16x32 i32 on A5: column sums wrap (two's complement, modulo 2^32)."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin", "zeros"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(110)
    x = rng.integers(-2**31, 2**31, size=(16, 32), dtype=np.int64).astype(np.int32)
    x[:, 0] = 2**31 - 1          # 16 * (2^31 - 1) wraps to -16
    x[:, 1] = -2**31             # wraps to 0
    x[:, 2] = np.arange(-8, 8)   # -8, no wrap
    x[:, 3] = 0
    x[:2, 3] = [2**31 - 1, 1]    # wraps to -2^31
    s = x.astype(np.int64).sum(axis=0)
    dst = (((s + 2**31) % 2**32) - 2**31).astype(np.int32).reshape(1, 32)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
