"""A cube -> vector pipe of GM FIFO entries, split by rows (see kernel.pto):
out[16t + r, :] = 2 * A[16t + r, :] for ten 16x16 tiles through eight GM slots."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402

CASE = {
    "args": ["a.bin", "id.bin", "zeros:2560", "zeros:2048"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(7137)
    a = rng.uniform(-1.0, 1.0, size=(160, 16)).astype(np.float32)
    # A @ I is exact (adding exact zeros: -0 becomes +0), and so is the doubling.
    a[0, :2] = [-0.0, 0.0]
    out = (a.astype(np.float64) + 0.0) * 2
    save(out_dir, {"a": a, "id": np.eye(16, dtype=np.float32), "out.expect": out.astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
