"""TROWEXPAND bf16: ND 16x16 source -> 16x16; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(123)
    # bf16 patterns: random f32 values with the low half cleared, plus inf and NaN.
    v = (rng.normal(0, 50, 16).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    v[:3] = [0x7F80, 0xFFC0, 0x8000]      # +inf, a NaN, -0
    src = np.zeros((16, 16), np.uint16)
    src[:, 0] = v
    src[:, 1:] = 0x7FC1                    # junk (NaN patterns) beside the values
    dst = np.zeros((16, 16), np.uint16)
    dst[:16, :16] = src[:16, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
