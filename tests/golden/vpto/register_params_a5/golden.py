"""Registers passed to called functions: x + y under the first 50 lanes (the rest zero), then
under all 64; max(h, g) on f16 under the first 100 of 128 lanes (the rest zero)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "zeros:128", "h.bin", "g.bin", "zeros:128"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"},
             {"target": "6", "expect": "hout.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6061)
    x = rng.uniform(-50, 50, 64).astype(np.float32)
    y = rng.uniform(-50, 50, 64).astype(np.float32)
    h = rng.uniform(-8, 8, 128).astype(np.float16)
    g = rng.uniform(-8, 8, 128).astype(np.float16)
    first = x + y
    first[50:] = 0
    out = np.concatenate([first, x + y]).astype(np.float32)
    hout = np.maximum(h, g).astype(np.float16)
    hout[100:] = 0
    save(out_dir, {"x": x, "y": y, "h": h, "g": g, "out.expect": out, "hout.expect": hout})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
