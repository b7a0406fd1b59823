"""TCOLSUM 32x32 f16 (tmp, isBinary = false): column sums in double, one rounding to f16."""
import math
import os

import numpy as np

CASE = {
    "args": ["src.bin", "zeros"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(108)
    x = (rng.integers(-1024, 1024, size=(32, 32)) / 64.0).astype(np.float16)
    x[:, 0] = 1.0
    x[0, 0] = 1024.0          # 1024 + 31 = 1055 is exact in f16
    x[:, 1] = 1.0
    x[0, 1] = 4096.0          # 4096 + 31 rounds once to 4128 (ulp 4: 4127 -> 4128)
    x[:, 2] = np.float16(0.3)
    x[:, 3] = np.float16(-60000.0)   # overflows to -inf once rounded
    x[:, 4] = 0.0
    x[:3, 4] = [65504.0, 65504.0, -65504.0]   # intermediate beyond f16 range, final 65504
    with np.errstate(over="ignore"):
        dst = np.array([[np.float16(math.fsum(c.astype(np.float64))) for c in x.T]], np.float16)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
