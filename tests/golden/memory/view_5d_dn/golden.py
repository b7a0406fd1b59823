"""5-D view -> DN 16x64 f32 tile: outer dims flatten into columns (blocks at 0, 256, 600, 856)."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:1024"],
    "outs": [{"target": "t", "expect": "t.expect.bin", "dtype": "float32"},
             {"target": "2", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    x = np.arange(1200, dtype=np.float32)          # element k holds k
    t = np.zeros((16, 64), np.float32)
    for i0 in range(2):
        for i1 in range(2):
            for r in range(16):
                for j in range(16):
                    t[r, (i0 * 2 + i1) * 16 + j] = x[i0 * 600 + i1 * 256 + r + j * 16]
    x.tofile(os.path.join(out_dir, "x.bin"))
    t.tofile(os.path.join(out_dir, "t.expect.bin"))      # read back in logical order
    t.T.copy().tofile(os.path.join(out_dir, "y.expect.bin"))   # column-major in memory


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
