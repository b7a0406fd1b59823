"""A double-buffered tload / tadds / tstore pipeline with hand-written flags (a2a3): y = x + 0.5
over 64x16 f32, in four chunks on two buffer pairs."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros:1024"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    x = np.random.default_rng(1701).uniform(-4, 4, (64, 16)).astype(np.float32)
    save(out_dir, {"x": x, "y.expect": x + np.float32(0.5)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
