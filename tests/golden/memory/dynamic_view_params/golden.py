"""Tensor-view parameters with a dynamic dimension: y = |x| for a 3x16 f32 x passed to
?x16xf32 parameters (ptorun takes the 3 from the 48 elements)."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:48", "3"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    x = np.random.default_rng(44).uniform(-5, 5, size=(3, 16)).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    np.abs(x).tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
