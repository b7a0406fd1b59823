"""Barriers between four blocks (see kernel.pto): y = 2x row by row, then z[b] = y[b + 1 mod 4]
after a soft syncall, w[b] = z[b + 3 mod 4] + 1 after a cross-block flag; the soft syncall's
counter ends at 4."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402

CASE = {
    "args": ["x.bin", "zeros:64", "zeros:64", "zeros:64", "zeros:16", "--blocks", "4"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "3", "expect": "z.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "4", "expect": "w.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "5", "expect": "ws.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(7139)
    x = rng.uniform(-4.0, 4.0, size=(4, 16)).astype(np.float32)
    y = x * np.float32(2)                   # exact
    z = np.roll(y, -1, axis=0)               # z[b] = y[b + 1]
    w = np.roll(z, 1, axis=0) + np.float32(1)  # w[b] = z[b - 1] + 1, rounded once in f32
    ws = np.zeros(16, np.int32)
    ws[0] = 4
    save(out_dir, {"x": x, "y.expect": y, "z.expect": z, "w.expect": w.astype(np.float32),
                   "ws.expect": ws})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
