"""TLOAD/TSTORE ui32: an 8x16 window moved from (5, 3) to (1, 7), bit for bit."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:512"],
    # Moves copy bits: compared exactly, as unsigned 32-bit patterns.
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(156)
    x = rng.integers(0, 1 << 32, size=(16, 32), dtype=np.uint32)
    x[5, 3:7] = [0x80000000, 0x7FFFFFFF, 0xFFFFFFFF, 0]
    y = np.zeros((16, 32), np.uint32)
    y[1:9, 7:23] = x[5:13, 3:19]     # the 8x16 window at (5, 3) lands at (1, 7)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
