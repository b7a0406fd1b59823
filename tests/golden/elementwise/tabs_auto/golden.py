"""TABS on 16x16 f32: |x| elementwise, with signed zeros, infinities and NaN among the inputs."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4)
    x = rng.uniform(-100, 100, size=(16, 16)).astype(np.float32)
    x[0, :6] = [0.0, -0.0, np.inf, -np.inf, np.nan, -1e-45]
    x.tofile(os.path.join(out_dir, "src.bin"))
    np.abs(x).tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
