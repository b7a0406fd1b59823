"""Cube <-> vector pipes with split = 0: C_t = (X_t + 1) @ W; copies = 0.5 * C_t per vector core, shared = C_t."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.pipe import pipe_case

T, M, K, N = 3, 16, 16, 32


def reference(x, w):
    # The vector cores' f32 tadds, exact input to the cube.
    x1 = (x + np.float32(1.0)).astype(np.float64)
    c = [x1[t * M:(t + 1) * M] @ w.astype(np.float64) for t in range(T)]
    copies = np.concatenate([np.concatenate([0.5 * c[t], 0.5 * c[t]]) for t in range(T)])
    return [copies, np.concatenate(c)]


# X + 1 rounds once (|X + 1| <= 2); C is an f32 sum of 16 products of size <= 2, within ~1e-5
# of the float64 value computed from the rounded X + 1. rtol = atol = 1e-5 passes any summation
# order; a vector core that received only part of C, an iteration out of order or a missing
# +1 / 0.5 changes values by ~0.1 or more.
RESULTS = [("copies", T * 2 * M * N, 1e-5, 1e-5), ("shared", T * M * N, 1e-5, 1e-5)]
CASE, generate = pipe_case(7105, ("x", "w"), [(T * M, K), (K, N)], RESULTS, reference,
                           extra=["zeros:4096"])

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
