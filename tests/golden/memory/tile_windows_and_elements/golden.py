"""Tile windows (subset/subview) and single-element access (tsetval/tgetval) on f32 tiles."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "zeros:512", "zeros:1"],
    "outs": [{"target": "z", "expect": "z.expect.bin", "dtype": "float32"},
             {"target": "s", "expect": "s.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(93)
    x = rng.uniform(-8, 8, size=(16, 32)).astype(np.float32)
    y = rng.uniform(-8, 8, size=(16, 32)).astype(np.float32)
    z = (x + y).astype(np.float32)
    z[0, 5] = 100.0
    v = z[0, 7]
    z[2, 3] = np.float32(v * np.float32(2))   # storage offset 67 = row 2, column 3
    save(out_dir, {"x": x, "y": y, "z.expect": z, "s.expect": np.array([v], dtype=np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
