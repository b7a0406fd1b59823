"""Cube <-> vector pipes with split = 0: C_t = (X_t + 1) @ W; copies = 0.5 * C_t per vector core, shared = C_t."""
import os

import numpy as np

T, M, K, N = 3, 16, 16, 32

CASE = {
    "args": ["x.bin", "w.bin", f"zeros:{T * 2 * M * N}", f"zeros:{T * M * N}", "zeros:4096"],
    "outs": [
        # X + 1 rounds once (|X + 1| <= 2); C is an f32 sum of 16 products of size <= 2, within
        # ~1e-5 of the float64 value computed from the rounded X + 1. rtol = atol = 1e-5 passes
        # any summation order; a vector core that received only part of C, an iteration out of
        # order or a missing +1 / 0.5 changes values by ~0.1 or more.
        {"target": "3", "expect": "copies.expect.bin", "dtype": "float32",
         "rtol": 1e-5, "atol": 1e-5},
        {"target": "4", "expect": "shared.expect.bin", "dtype": "float32",
         "rtol": 1e-5, "atol": 1e-5},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(7105)
    x = rng.uniform(-1.0, 1.0, size=(T * M, K)).astype(np.float32)
    w = rng.uniform(-1.0, 1.0, size=(K, N)).astype(np.float32)
    x1 = (x + np.float32(1.0)).astype(np.float64)  # the vector cores' f32 tadds, exact input to the cube
    c = [x1[t * M:(t + 1) * M] @ w.astype(np.float64) for t in range(T)]
    copies = np.concatenate([np.concatenate([0.5 * c[t], 0.5 * c[t]]) for t in range(T)])
    shared = np.concatenate(c)
    x.tofile(os.path.join(out_dir, "x.bin"))
    w.tofile(os.path.join(out_dir, "w.bin"))
    copies.astype(np.float32).tofile(os.path.join(out_dir, "copies.expect.bin"))
    shared.astype(np.float32).tofile(os.path.join(out_dir, "shared.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
