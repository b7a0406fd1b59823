"""Vector -> cube -> vector round trip: out[16t:16t+16, :] = relu((0.5 * A[16t:16t+16, :]) @ B), t = 0, 1."""
import os

import numpy as np

T, M, K, N = 2, 16, 32, 32

CASE = {
    "args": ["a.bin", "b.bin", f"zeros:{T * M * N}"],
    "outs": [
        # 0.5 * A is exact; each C element is an f32 sum of 32 f32 products of size <= 0.5,
        # within ~2e-6 of the float64 value, and relu adds no rounding. atol = 5e-6 passes any
        # summation order; rows of the wrong vector core, the two halves of A joined in the
        # wrong order, a missing 0.5 or a swapped iteration change values by ~0.1 or more.
        {"target": "3", "expect": "out.expect.bin", "dtype": "float32",
         "rtol": 1e-6, "atol": 5e-6},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(7103)
    a = rng.uniform(-1.0, 1.0, size=(T * M, K)).astype(np.float32)
    b = rng.uniform(-1.0, 1.0, size=(K, N)).astype(np.float32)
    out = np.maximum((0.5 * a.astype(np.float64)) @ b.astype(np.float64), 0.0)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    out.astype(np.float32).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
