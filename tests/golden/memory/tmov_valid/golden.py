"""TMOV f16 ND (valid 16x10) -> DN (valid 12x16): only the 12x10 intersection is copied."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(209)
    src = rng.integers(1, 1 << 16, size=(16, 16), dtype=np.uint16)   # f16 patterns, no +0
    dst = np.zeros((16, 16), np.uint16)    # outside the intersection: untouched zero UB
    dst[:12, :10] = src[:12, :10]
    src.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
