"""TROWEXPAND i8: DN 32x1 source -> 32x32; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "int8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(124)
    info = np.iinfo(np.int8)
    v = rng.integers(info.min, int(info.max) + 1, 32, dtype=np.int64).astype(np.int8)
    v[:2] = [info.min, info.max]
    src = np.zeros((32, 1), np.int8)
    src[:, 0] = v
    dst = np.zeros((32, 32), np.int8)
    dst[:32, :32] = src[:32, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
