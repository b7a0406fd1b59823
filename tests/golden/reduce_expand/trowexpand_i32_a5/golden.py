"""TROWEXPAND i32 on A5: DN 8x1 source -> 8x16; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(128)
    info = np.iinfo(np.int32)
    v = rng.integers(info.min, int(info.max) + 1, 8, dtype=np.int64).astype(np.int32)
    v[:2] = [info.min, info.max]
    src = np.zeros((8, 1), np.int32)
    src[:, 0] = v
    dst = np.zeros((8, 16), np.int32)
    dst[:8, :16] = src[:8, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
