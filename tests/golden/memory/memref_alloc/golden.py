"""memref.alloc buffers of the vector memory used as tiles: y = (x + x) + (x + x), f16 16x16.

Doubling is exact in f16 while nothing overflows, so the inputs stay within +-1000 and the
result is compared exactly.
"""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(7070)
    x = rng.uniform(-1000, 1000, size=(16, 16)).astype(np.float16)
    y = (x + x) + (x + x)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.astype(np.float16).tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
