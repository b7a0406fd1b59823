"""TROWEXPAND ui32: ND 16x8 source -> 16x8; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(129)
    info = np.iinfo(np.uint32)
    v = rng.integers(info.min, int(info.max) + 1, 16, dtype=np.int64).astype(np.uint32)
    v[:2] = [info.min, info.max]
    src = np.zeros((16, 8), np.uint32)
    src[:, 0] = v
    src[:, 1:] = rng.integers(0, 100, (16, 7)).astype(np.uint32)   # junk beside the values
    dst = np.zeros((16, 8), np.uint32)
    dst[:16, :8] = src[:16, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
