"""TROWEXPAND ui8 on A5: ND 32x32 source -> 32x64; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(125)
    info = np.iinfo(np.uint8)
    v = rng.integers(info.min, int(info.max) + 1, 32, dtype=np.int64).astype(np.uint8)
    v[:2] = [info.min, info.max]
    src = np.zeros((32, 32), np.uint8)
    src[:, 0] = v
    src[:, 1:] = rng.integers(0, 100, (32, 31)).astype(np.uint8)   # junk beside the values
    dst = np.zeros((32, 64), np.uint8)
    dst[:32, :64] = src[:32, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
