"""Dynamic valid 11x20 of a 16x32 f32 tile: window (3, 5) of x -> tile -> (7, 2) of y."""
import os

import numpy as np

R, C = 11, 20
CASE = {
    "args": ["x.bin", "zeros:1280", str(R), str(C)],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "t", "expect": "t.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(203)
    x = rng.normal(0, 100, size=(32, 40)).astype(np.float32)
    y = np.zeros((32, 40), np.float32)
    y[7:7 + R, 2:2 + C] = x[3:3 + R, 5:5 + C]
    t = np.zeros((16, 32), np.float32)     # pad null: UB outside the valid region stays zero
    t[:R, :C] = x[3:3 + R, 5:5 + C]
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))
    t.tofile(os.path.join(out_dir, "t.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
