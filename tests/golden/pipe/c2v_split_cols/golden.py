"""Cube -> vector pipe, split = 2: out[16t + r, :] = 2 * |A @ B_t|[r, :] - 1 for t = 0..9."""
import os

import numpy as np

M, K, N, T = 16, 16, 32, 10

CASE = {
    "args": ["a.bin", "b.bin", f"zeros:{T * M * N}"],
    "outs": [
        # C_t is an f32 sum of 16 f32 products (|a|, |b| <= 1), off by at most ~2e-6 from the
        # float64 value; 2|C| - 1 doubles that and adds one rounding. atol = 1e-5 (rtol 1e-6)
        # passes any summation order; a column half sent to the wrong core, a lost or repeated
        # iteration (values of size ~1 differ) or a missing vector step fails.
        {"target": "3", "expect": "out.expect.bin", "dtype": "float32",
         "rtol": 1e-6, "atol": 1e-5},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(7102)
    a = rng.uniform(-1.0, 1.0, size=(M, K)).astype(np.float32)
    b = rng.uniform(-1.0, 1.0, size=(T * K, N)).astype(np.float32)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    out = np.concatenate([2.0 * np.abs(a64 @ b64[t * K:(t + 1) * K]) - 1.0 for t in range(T)])
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    out.astype(np.float32).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
