"""TCOLSUM f32 over a 16x48 valid region: column sums in double, rounded once to f32."""
import math
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(106)
    x = (np.round(rng.normal(0, 10, size=(16, 64)) * 4096) / 4096).astype(np.float32)
    x[:, 48:] = np.nan                    # invalid columns
    x[:, 0] = 0.0
    x[:4, 0] = [2.0**25, 3.0, -(2.0**25), 1.0]     # f32 accumulation loses the 3
    x[:, 1] = 0.0
    x[0, 1] = 1.0
    x[1:, 1] = 2.0**-24                   # 1 + 15*2^-24 rounds once to 1 + 2^-20 (ties to even)
    x[:, 2] = np.float32(0.1)
    x[:, 3] = np.float32(3.0e38)          # overflows to +inf once rounded to f32
    dst = np.zeros((1, 64), np.float32)
    with np.errstate(over="ignore"):
        dst[0, :48] = [np.float32(math.fsum(c.astype(np.float64))) for c in x[:, :48].T]
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
