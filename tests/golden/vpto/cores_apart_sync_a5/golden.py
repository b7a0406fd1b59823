"""Cube and vector cores run apart and exchange data through each other's memories, ordered by
sync.set / sync.wait (a5): see kernel.pto. a and b hold small dyadic f16 values, so every
product and partial sum is exact in f32 and the float64 reference equals the cube's sum in
any order."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["x.bin", "a.bin", "b.bin", "zeros:512", "zeros:1024"],
    "outs": [
        {"target": "4", "expect": "y.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "5", "expect": "c.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(1705)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    a = (rng.integers(-8, 9, size=(32, 32)) / 4.0).astype(np.float16)
    b = (rng.integers(-8, 9, size=(32, 32)) / 8.0).astype(np.float16)
    doubled = 2 * x
    y = np.concatenate([doubled[16:], doubled[:16]])  # each vector core gets the other's rows
    c = np.maximum(a.astype(np.float64) @ b.astype(np.float64), 0.0).astype(np.float32)
    for name, arr in [("x", x), ("a", a), ("b", b)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))
    c.tofile(os.path.join(out_dir, "c.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
