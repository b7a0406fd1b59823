"""The repeat layer synchronised by hand (a2a3): y = x + 2 over 512 f16, then the first 64
lanes of each repeat of 128 halved in place."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros:512"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    x = np.random.default_rng(1702).uniform(-8, 8, 512).astype(np.float16)
    y = (x.astype(np.float64) + 2).astype(np.float16).reshape(4, 128)
    y[:, :64] = (y[:, :64].astype(np.float64) * 0.5).astype(np.float16)
    save(out_dir, {"x": x, "y.expect": y})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
