"""Numpy reference for the RMSNorm sample: x (16x256 f32), gamma (256 f32) and the expected y."""
import os

import numpy as np

CASE = {
    "kernel": "rmsnorm.pto",
    "args": ["x.bin", "gamma.bin", "zeros:4096"],
    "outs": [{"target": "3", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 2e-6, "atol": 1e-7}],
}

EPS = np.float32(1e-6)


def generate(out_dir):
    rng = np.random.default_rng(11)
    x = rng.normal(0.0, 2.0, size=(16, 256)).astype(np.float32)
    x[3, :] = 0.0                           # an all-zero row: the result is 0, not NaN
    gamma = rng.uniform(0.5, 1.5, size=256).astype(np.float32)
    x64 = x.astype(np.float64)
    ms = (x64 * x64).mean(axis=1, keepdims=True) + np.float64(EPS)
    y = (x64 / np.sqrt(ms) * gamma.astype(np.float64)).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    gamma.tofile(os.path.join(out_dir, "gamma.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
