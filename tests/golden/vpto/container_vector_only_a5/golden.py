"""A container with only a vector submodule (see kernel.pto): out = max(x, y) - y on 128 f32.
The inputs are multiples of 1/8 in [-8, 8], so the difference is exact in f32."""
import os

import numpy as np

N = 128
CASE = {
    "arch": "a5",
    "args": ["x.bin", "y.bin", f"zeros:{N}"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(77)
    x = (rng.integers(-64, 65, size=N) / 8.0).astype(np.float32)
    y = (rng.integers(-64, 65, size=N) / 8.0).astype(np.float32)
    out = (np.maximum(x, y) - y).astype(np.float32)
    for name, arr in [("x", x), ("y", y), ("out.expect", out)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
