"""TROWEXPAND i16: DN 16x1 source -> 16x16, dst valid 12x16; dst[i, j] = src[i, 0]."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # A broadcast copies bits: compared exactly, as unsigned patterns.
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(126)
    info = np.iinfo(np.int16)
    v = rng.integers(info.min, int(info.max) + 1, 16, dtype=np.int64).astype(np.int16)
    v[:2] = [info.min, info.max]
    src = np.zeros((16, 1), np.int16)
    src[:, 0] = v
    dst = np.zeros((16, 16), np.int16)
    dst[:12, :16] = src[:12, :1]       # dst[i, j] = src[i, 0] over the valid region
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
