"""DN tiles: a 16x32 window of a column-major 32x48 f32 matrix, stored column- and row-major."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:512", "zeros:512"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "z.expect.bin", "dtype": "float32"},
             {"target": "dn", "expect": "z.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    r, c = np.meshgrid(np.arange(32), np.arange(48), indexing="ij")
    m = (r * 100 + c).astype(np.float32)          # M[r, c] = 100 r + c
    x = m.T.copy()                                # column-major storage: x[c*32 + r] = M[r, c]
    t = m[16:32, 8:40]                            # the logical 16x32 window
    y = t.T.copy()                                # column-major store: y[c*16 + r] = T[r, c]
    z = t.copy()                                  # row-major store; also the tile read back
    save(out_dir, {"x": x, "y.expect": y, "z.expect": z})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
