"""TLOAD/TSTORE ui8: an 8x64 window moved from (5, 3) to (1, 7), bit for bit."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:2048"],
    # Moves copy bits: compared exactly, as unsigned 8-bit patterns.
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(152)
    x = rng.integers(0, 1 << 8, size=(16, 128), dtype=np.uint8)
    x[5, 3:7] = [0x80, 0x7F, 0xFF, 0x00]
    y = np.zeros((16, 128), np.uint8)
    y[1:9, 7:71] = x[5:13, 3:67]     # the 8x64 window at (5, 3) lands at (1, 7)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
