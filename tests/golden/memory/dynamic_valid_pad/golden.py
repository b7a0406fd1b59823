"""Dynamic valid 13x9 of a 16x32 f16 tile with pad=max: +inf around the loaded window."""
import os

import numpy as np

R, C = 13, 9
CASE = {
    "args": ["x.bin", "zeros:1024", str(R), str(C)],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint16"},
             {"target": "t", "expect": "t.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(204)
    x = rng.integers(0, 1 << 16, size=(16, 64), dtype=np.uint16)   # f16 bit patterns
    y = np.zeros((16, 64), np.uint16)
    y[2:2 + R, :C] = x[1:1 + R, 30:30 + C]
    t = np.full((16, 32), 0x7C00, np.uint16)       # f16 +inf
    t[:R, :C] = x[1:1 + R, 30:30 + C]
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))
    t.tofile(os.path.join(out_dir, "t.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
