"""Seed 000's discontiguous example at the end of UB (vector-layer.md V2c): the result is V2's,
even rows the source rows + 2, odd rows 0; no out-of-bounds error, since the lanes repeat 3
leaves inactive are never touched."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    x = np.arange(128, dtype=np.float16)
    y = np.zeros((8, 32), dtype=np.float16)
    y[0::2] = x.reshape(4, 32) + np.float16(2)
    save(out_dir, {"x": x, "y.expect": y})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
