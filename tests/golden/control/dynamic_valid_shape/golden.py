"""Run-time 50x70 matrix (row stride 80) in 16x32 tiles: y = 2*relu(x) + rowsum(x), sentinel kept outside."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

ROWS, COLS, LD = 50, 70, 80      # logical matrix and its row stride, given on the command line
BUF_ROWS = 56                    # the buffers have 6 more rows than the matrix
SENTINEL = -7777.0               # y outside the logical matrix must keep this value
CASE = {
    "args": ["x.bin", "y_init.bin", str(ROWS), str(COLS), str(LD)],
    # s sums 70 values of |x| < 4 in f32 (per-tile sums, then 3 adds): error well under 1e-5.
    # Reading a stale or out-of-matrix element, or dropping a column tile, moves y by >= 1e-2.
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 1e-6, "atol": 1e-5}],
}


def generate(out_dir):
    rng = np.random.default_rng(4107)
    x = np.full((BUF_ROWS, LD), 1.0e30, np.float32)      # outside the matrix: must not be read
    x[:ROWS, :COLS] = rng.uniform(-4.0, 4.0, size=(ROWS, COLS)).astype(np.float32)
    y_init = np.full((BUF_ROWS, LD), SENTINEL, np.float32)
    xm = x[:ROWS, :COLS].astype(np.float64)
    s = xm.sum(axis=1, keepdims=True)
    y = y_init.copy()
    y[:ROWS, :COLS] = (2.0 * np.maximum(xm, 0.0) + s).astype(np.float32)
    save(out_dir, {"x": x, "y_init": y_init, "y.expect": y})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
