"""TROWEXPAND f16 on A5: DN 16x1 source -> 16x32, dst valid 16x20; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(122)
    v = rng.normal(0, 50, 16).astype(np.float16)
    v[:3] = [np.inf, np.nan, -0.0]
    src = np.zeros((16, 1), np.float16)
    src[:, 0] = v
    dst = np.zeros((16, 32), np.float16)
    dst[:16, :20] = src[:16, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
