"""A kernel in VPTO's container form (see kernel.pto): the vector variant computes
z = x * y + x on 4 x 64 f32 (each vector core two rows), the cube variant c = a @ b. x and y are
small dyadic values, so the f32 product and sum are exact; a and b likewise, so every partial
sum of the matmul is exact in f32."""
import os

import numpy as np

M, K, N = 16, 32, 16
ROWS, LANES = 4, 64
CASE = {
    "arch": "a5",
    "args": ["x.bin", "y.bin", f"zeros:{ROWS * LANES}", "a.bin", "b.bin", f"zeros:{M * N}"],
    "outs": [
        {"target": "3", "expect": "z.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "6", "expect": "c.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(2026)
    x = (rng.integers(-64, 65, size=(ROWS, LANES)) / 8.0).astype(np.float32)
    y = (rng.integers(-64, 65, size=(ROWS, LANES)) / 16.0).astype(np.float32)
    a = (rng.integers(-8, 9, size=(M, K)) / 4.0).astype(np.float16)
    b = (rng.integers(-8, 9, size=(K, N)) / 8.0).astype(np.float16)
    z = (x.astype(np.float64) * y + x).astype(np.float32)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    for name, arr in [("x", x), ("y", y), ("a", a), ("b", b), ("z.expect", z), ("c.expect", c)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
