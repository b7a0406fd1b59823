"""5-D views of an NZ tile's 32-byte column blocks (blocks x blocks x rows x 1 x C0) on a5."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:512", "zeros:512"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "z.expect.bin", "dtype": "float32"},
             {"target": "back", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    # Distinct values that name their place: x[i0, i1, r, 0, k] = (i0*2 + i1)*100 + r + k/16.
    i0, i1, r, _, k = np.meshgrid(np.arange(2), np.arange(2), np.arange(16), np.arange(1),
                                  np.arange(8), indexing="ij")
    x = ((i0 * 2 + i1) * 100 + r + k / 16.0).astype(np.float32)      # 2x2x16x1x8
    blocks = x.reshape(4, 16, 8)                                       # block b = i0*2 + i1
    tile = np.concatenate(list(blocks), axis=1)                        # column c: block c // 8
    # z: the same blocks with the outer two dimensions swapped in memory (block i0*2 + i1 at
    # i0*128 + i1*256).
    z = np.zeros(512, np.float32)
    for a in range(2):
        for b in range(2):
            z[a * 128 + b * 256:a * 128 + b * 256 + 128] = blocks[a * 2 + b].reshape(-1)
    save(out_dir, {"x": x, "y.expect": tile, "z.expect": z})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
