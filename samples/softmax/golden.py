"""Numpy reference for the row softmax sample: inputs x (32x128 f32) and the expected y."""
import os

import numpy as np

CASE = {
    "kernel": "softmax.pto",
    "args": ["x.bin", "zeros:4096"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 1e-5, "atol": 1e-7}],
}


def generate(out_dir):
    rng = np.random.default_rng(7)
    x = rng.normal(0.0, 3.0, size=(32, 128)).astype(np.float32)
    x[0, :] = 1.0        # a constant row
    x[1, 5] = 80.0       # a dominant element: exp would overflow without the max shift
    shifted = x.astype(np.float64) - x.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    y = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
