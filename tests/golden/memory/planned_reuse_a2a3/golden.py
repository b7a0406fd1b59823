"""UB reuse by tile lifetimes: x copied, y + 2 computed in a loop that keeps y's tile alive."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "zeros:64", "zeros:64"],
    "outs": [{"target": "o0", "expect": "x.bin", "dtype": "float32"},
             {"target": "o1", "expect": "o1.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6464)
    x = rng.normal(0, 1, size=64).astype(np.float32)
    y = rng.normal(0, 1, size=64).astype(np.float32)
    once = (y + np.float32(1)).astype(np.float32)
    save(out_dir, {"x": x, "y": y, "o1.expect": (once + np.float32(1)).astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
