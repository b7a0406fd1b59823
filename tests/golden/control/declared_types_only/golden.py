"""Calls of functions declared with parameter types only, linked from helpers.pto: y = k * x."""
import os

import numpy as np

K = "2.5"

CASE = {
    "objects": ["helpers.pto"],
    "args": ["x.bin", "zeros:256", K],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(3131)
    x = rng.uniform(-10, 10, size=(16, 16)).astype(np.float32)
    y = x * np.float32(float(K))
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.astype(np.float32).tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
