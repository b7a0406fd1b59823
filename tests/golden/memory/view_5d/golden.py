"""5-D views: a 2x2x1x8x32 window of a 2x3x1x8x40 tensor <-> a 32x32 tile (outer dims = rows)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:1024", "zeros:1024"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "z.expect.bin", "dtype": "float32"},
             {"target": "back", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    # Distinct values that name their position: x[i0, i1, 0, r, c] = i0*1000 + i1*100 + r + c/64.
    i0, i1, _, r, c = np.meshgrid(np.arange(2), np.arange(3), np.arange(1), np.arange(8),
                                  np.arange(40), indexing="ij")
    x = (i0 * 1000 + i1 * 100 + r + c / 64.0).astype(np.float32)     # shape 2x3x1x8x40
    window = x[:, 1:3, :, :, 4:36]                                  # 2x2x1x8x32
    tile = window.reshape(32, 32)          # row-major flattening of the four outer dims
    # z holds the same 2x2x1x8x32 tensor with its two outer dimensions swapped in memory:
    # element (i0, i1, 0, r, c) at i0*256 + i1*512 + r*32 + c.
    z = np.zeros(1024, np.float32)
    for a in range(2):
        for b in range(2):
            z[a * 256 + b * 512:a * 256 + b * 512 + 256] = window[a, b, 0].reshape(-1)
    save(out_dir, {"x": x, "y.expect": tile, "z.expect": z})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
