"""arith.select of tiles: a handle to the chosen tile; writes through it reach that tile."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "3", "zeros:256", "zeros:256"],
    "outs": [{"target": "sum", "expect": "sum.expect.bin", "dtype": "float32"},
             {"target": "second", "expect": "y.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(1616)
    x = rng.normal(0, 1, size=(16, 16)).astype(np.float32)
    y = rng.normal(0, 1, size=(16, 16)).astype(np.float32)
    b = (x * np.float32(2)).astype(np.float32)
    save(out_dir, {"x": x, "y": y, "sum.expect": (x + b).astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
