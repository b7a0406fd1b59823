"""Row windows of a tile (pto.subview sizes [1, 32]) scaled in place: y[r, :] = x[r, :] * (r + 1)."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:512"],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(58)
    x = rng.uniform(-4, 4, size=(16, 32)).astype(np.float32)
    y = (x * np.arange(1, 17, dtype=np.float32)[:, None]).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
