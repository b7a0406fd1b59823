"""TROWSUM 16x32 f16 on A5 into column 0 of an ND 16x16 tile: double sum, one f16 rounding."""
import math
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(102)
    x = (rng.integers(-512, 512, size=(16, 32)) / 128.0).astype(np.float16)
    x[0, :] = 1.0
    x[0, 0] = 2048.0        # f16 accumulation stalls at 2048; the exact 2079 rounds to 2080
    x[1, :] = 0.0
    x[1, :3] = [60000.0, 10000.0, -20000.0]   # an f16 partial sum would overflow to inf
    x[2, :] = 0.1           # 32 * f16(0.1) = 3.1992..., rounded once
    x[3, :16] = 65504.0     # the true sum overflows f16: +inf
    x[3, 16:] = 0.0
    dst = np.zeros((16, 16), np.float16)   # outside the valid column: never written (zero UB)
    with np.errstate(over="ignore"):
        dst[:, 0] = [np.float16(math.fsum(r.astype(np.float64))) for r in x]
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
