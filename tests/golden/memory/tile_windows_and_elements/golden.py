"""Tile windows (subset/subview) and single-element access (tsetval/tgetval) on f32 tiles."""
import os

import numpy as np

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
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.bin"))
    z.tofile(os.path.join(out_dir, "z.expect.bin"))
    np.array([v], dtype=np.float32).tofile(os.path.join(out_dir, "s.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
