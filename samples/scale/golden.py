"""Numpy reference for the scale sample (README's first PTOAS kernel): x (16x16 f32) and the
expected y = 2.5 * x."""
import os

import numpy as np

CASE = {
    "kernel": "scale.pto",
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    x = np.arange(256, dtype=np.float32).reshape(16, 16) - 100
    (x * np.float32(2.5)).tofile(os.path.join(out_dir, "y.expect.bin"))
    x.tofile(os.path.join(out_dir, "x.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
