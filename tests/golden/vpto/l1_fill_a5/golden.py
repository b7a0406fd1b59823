"""L1 fills with raw patterns, read back through UB: 16 blocks of 32 bytes as ui16 (see
kernel.pto). Built from the bytes numpy writes for each fill."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["zeros:256"],
    "outs": [{"target": "1", "expect": "dst.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    blocks = np.zeros((16, 32), dtype=np.uint8)
    half_one = np.full(16, 0x3C00, dtype=np.uint16).view(np.uint8)  # f16 1.0, 16 words
    for b in (1, 2, 3, 5, 6, 7):
        blocks[b] = half_one
    beef = np.full(8, 0xDEADBEEF, dtype=np.uint32).view(np.uint8)
    for b in (10, 11):
        blocks[b] = beef
    save(out_dir, {"dst.expect": blocks.reshape(-1).view(np.uint16)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
