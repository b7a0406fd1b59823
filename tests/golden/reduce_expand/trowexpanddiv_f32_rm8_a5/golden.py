"""TROWEXPANDDIV f32 on A5 (DPS): y[i, j] = x[i, j] / d[i, 0], d a row-major 16x8 tile."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "d.bin", "zeros:512"],
    "outs": [{"target": "3", "expect": "y.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(142)
    x = rng.normal(0, 10, size=(16, 32)).astype(np.float32)
    d = rng.uniform(-100, 100, size=(16, 8)).astype(np.float32)
    d[:, 1:] = 0.0                    # ignored columns: dividing by them would give inf/NaN
    d[:4, 0] = [0.0, -0.0, 3.0, 1e-30]
    x[0, 0] = 0.0                     # 0/0 = NaN, x/0 = +-inf
    x[3, :2] = [1e10, 1e-40]          # overflow to inf; a subnormal divided up
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        y = (x.astype(np.float64) / d[:, :1].astype(np.float64)).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    d.tofile(os.path.join(out_dir, "d.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
