"""copy_ubuf_to_cbuf, copy_cbuf_to_ubuf, copy_ubuf_to_ubuf: 32-byte bursts and gaps (a5)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["src.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4501)
    src = rng.integers(-30000, 30000, size=(16, 16), dtype=np.int16)  # a row is 32 bytes
    dst = np.full((16, 16), 5, dtype=np.int16)
    l1 = src[[0, 1, 4, 5, 8, 9, 12, 13]]  # bursts of 2 rows, 2-row gaps after each
    expect = dst.copy()
    expect[0:4] = l1[0:4]                 # bursts of 4 rows, 4-row gaps after each
    expect[8:12] = l1[4:8]
    expect[14:16] = src[2:4]              # copy_ubuf_to_ubuf: one burst of 2 blocks
    save(out_dir, {"src": src, "dst": dst, "dst.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
