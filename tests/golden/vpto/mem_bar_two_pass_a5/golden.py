"""y = x^3 over 1024 f32, as the kernel computes it: (x * x) rounded to f32, then * x rounded
again (two vmul). x spans signs and magnitudes 1e-3..30 (cubes up to ~3e4, none near f32's
limits); element 7 is 0 and element 8 is -0.0 (its cube keeps the sign)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

N = 1024

CASE = {
    "arch": "a5",
    "args": ["x.bin", f"zeros:{N}"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 0.0, "atol": 0.0}],
}


def generate(out_dir):
    rng = np.random.default_rng(1703)
    x = (rng.standard_normal(N) * np.geomspace(1e-3, 30.0, N)).astype(np.float32)
    x[7] = 0.0
    x[8] = -0.0
    sq = x * x  # float32 * float32: one rounding, as vmul
    y = sq * x
    assert y.dtype == np.float32 and np.signbit(y[8])
    save(out_dir, {"x": x, "y.expect": y})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
