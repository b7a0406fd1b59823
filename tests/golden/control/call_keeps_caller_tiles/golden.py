"""A call whose callee allocates tiles leaves the caller's tiles intact: y = x, z = 3 * w."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "w.bin", "zeros:256", "zeros:256"],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "z", "expect": "z.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(77)
    x = rng.uniform(-4, 4, size=(16, 16)).astype(np.float32)
    w = rng.uniform(-4, 4, size=(16, 16)).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    w.tofile(os.path.join(out_dir, "w.bin"))
    x.tofile(os.path.join(out_dir, "y.expect.bin"))
    (w * np.float32(3)).astype(np.float32).tofile(os.path.join(out_dir, "z.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
