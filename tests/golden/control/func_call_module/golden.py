"""y = a*x + b on a 48x64 f32 matrix through func.call helpers (tile, pointer and scalar arguments, index results)."""
import os

import numpy as np

N, A, B = 48, 1.5, -0.75
CASE = {
    "args": ["x.bin", "zeros:%d" % (N * 64), str(N), str(A), str(B)],
    # tmuls then tadds: two f32 roundings, at most 0.5 ulp of |a*x| (<= 6, so 2.4e-7) plus
    # 0.5 ulp of |y|. A wrong row tile or a missing scale/shift is off by far more.
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 1.2e-7, "atol": 3e-7}],
}


def generate(out_dir):
    rng = np.random.default_rng(5150)
    x = rng.uniform(-4.0, 4.0, size=(N, 64)).astype(np.float32)
    y = (A * x.astype(np.float64) + B).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
