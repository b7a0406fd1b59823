"""TLOAD/TSTORE i16: an 8x32 window moved from (5, 3) to (1, 7), bit for bit."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:1024"],
    # Moves copy bits: compared exactly, as unsigned 16-bit patterns.
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(153)
    x = rng.integers(0, 1 << 16, size=(16, 64), dtype=np.uint16)
    x[5, 3:7] = [0x8000, 0x7FFF, 0xFFFF, 0x0000]  # -32768, 32767, -1, 0
    y = np.zeros((16, 64), np.uint16)
    y[1:9, 7:39] = x[5:13, 3:35]     # the 8x32 window at (5, 3) lands at (1, 7)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
