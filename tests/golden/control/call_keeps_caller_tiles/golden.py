"""A call whose callee allocates tiles leaves the caller's tiles intact: y = x, z = 3 * w."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "w.bin", "zeros:256", "zeros:256"],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "z", "expect": "z.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(77)
    x = rng.uniform(-4, 4, size=(16, 16)).astype(np.float32)
    w = rng.uniform(-4, 4, size=(16, 16)).astype(np.float32)
    save(out_dir, {"x": x, "w": w, "y.expect": x,
                   "z.expect": (w * np.float32(3)).astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
