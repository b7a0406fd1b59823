"""Tile and view queries (kernel.pto says which value goes where): valid shape 11 x 19 given at
run time, the tile's address 4096, the 10 x 24 view's strides (24, 1), and x[7] read through a
pointer turned into an integer and back."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:8", "11", "19"],
    "outs": [{"target": "2", "expect": "info.expect.bin", "dtype": "int64"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3640)
    x = rng.integers(-2**31, 2**31 - 1, size=240, dtype=np.int64).astype(np.int32)
    info = np.array([11, 19, 11, 19, 4096, 24, 1, x[7]], np.int64)
    save(out_dir, {"x": x, "info.expect": info})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
