"""TLOAD/TSTORE i64: an 8x8 window moved from (5, 3) to (1, 7), bit for bit."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:256"],
    # Moves copy bits: compared exactly, as unsigned 64-bit patterns.
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint64"}],
}


def generate(out_dir):
    rng = np.random.default_rng(157)
    x = rng.integers(0, 1 << 64, size=(16, 16), dtype=np.uint64)
    x[5, 3:7] = [1 << 63, (1 << 63) - 1, (1 << 64) - 1, 0]  # INT64_MIN, INT64_MAX, -1, 0
    y = np.zeros((16, 16), np.uint64)
    y[1:9, 7:15] = x[5:13, 3:11]     # the 8x8 window at (5, 3) lands at (1, 7)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
