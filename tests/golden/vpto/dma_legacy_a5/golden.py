"""copy_gm_to_ubuf / copy_ubuf_to_gm with the DMA loop registers, left/right padding and the
pad register (a5)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    # dst is filled with 7.0 first: the 4 floats after each written row of 16 must keep it.
    "args": ["src.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4401)
    src = rng.uniform(-50, 50, size=(2, 3, 8, 12)).astype(np.float32)  # batch, group, row, col
    # The UB image: per row 1 pad element, 10 data, 2 pad elements, 3 more to 64 bytes.
    ub = np.full((2, 3, 8, 16), -2.5, dtype=np.float32)
    ub[..., 1:11] = src[..., :10]
    dst = np.full((3, 2, 8, 20), 7.0, dtype=np.float32)  # group, batch, row, col
    expect = dst.copy()
    expect[..., :16] = ub.transpose(1, 0, 2, 3)
    save(out_dir, {"src": src, "dst": dst, "dst.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
