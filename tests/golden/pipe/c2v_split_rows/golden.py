"""Cube -> vector pipe, split = 1: out[16t + r, :] = exp(0.25 * (A @ B_t))[r, :] for t = 0..3."""
import os

import numpy as np

M, K, N, T = 16, 16, 32, 4

CASE = {
    "args": ["a.bin", "b.bin", f"zeros:{T * M * N}", "zeros:2048"],
    "outs": [
        # C_t is an f32 sum of 16 f32 products (|a|, |b| <= 1): its error is below ~2e-6, which
        # exp(0.25 * C) turns into a relative error below ~1e-6 (plus one rounding each for the
        # tmuls and the texp). rtol = 1e-5 passes any summation order; a half delivered to the
        # wrong core, a swapped or repeated iteration or a missing scale changes values by
        # tens of percent.
        {"target": "3", "expect": "out.expect.bin", "dtype": "float32", "rtol": 1e-5, "atol": 0},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(7101)
    a = rng.uniform(-1.0, 1.0, size=(M, K)).astype(np.float32)
    b = rng.uniform(-1.0, 1.0, size=(T * K, N)).astype(np.float32)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    out = np.concatenate([np.exp(0.25 * (a64 @ b64[t * K:(t + 1) * K])) for t in range(T)])
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    out.astype(np.float32).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
