"""TROWEXPAND ui16: ND 16x16 source -> 16x32; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(127)
    info = np.iinfo(np.uint16)
    v = rng.integers(info.min, int(info.max) + 1, 16, dtype=np.int64).astype(np.uint16)
    v[:2] = [info.min, info.max]
    src = np.zeros((16, 16), np.uint16)
    src[:, 0] = v
    src[:, 1:] = rng.integers(0, 100, (16, 15)).astype(np.uint16)   # junk beside the values
    dst = np.zeros((16, 32), np.uint16)
    dst[:16, :32] = src[:16, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
