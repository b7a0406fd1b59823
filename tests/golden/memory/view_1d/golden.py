"""1-D views: f32 x[20:276] -> 1x256 tile -> y; i16 s[100:228] -> 1x128 tile -> t[20:148]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:256", "s.bin", "zeros:300"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint32"},
             {"target": "4", "expect": "t.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(202)
    x = rng.integers(0, 1 << 32, size=300, dtype=np.uint32)   # f32 bit patterns
    s = rng.integers(-32768, 32768, size=300).astype(np.int16)
    y = x[20:276].copy()
    t = np.zeros(300, np.int16)
    t[20:148] = s[100:228]
    save(out_dir, {"x": x, "s": s, "y.expect": y, "t.expect": t})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
