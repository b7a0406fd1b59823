"""Cube -> vector pipe, split = 1: out[16t + r, :] = exp(0.25 * (A @ B_t))[r, :] for t = 0..3."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.pipe import pipe_case

M, K, N, T = 16, 16, 32, 4


def reference(a, b):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return [np.concatenate([np.exp(0.25 * (a64 @ b64[t * K:(t + 1) * K])) for t in range(T)])]


# C_t is an f32 sum of 16 f32 products (|a|, |b| <= 1): its error is below ~2e-6, which
# exp(0.25 * C) turns into a relative error below ~1e-6 (plus one rounding each for the tmuls and
# the texp). rtol = 1e-5 passes any summation order; a half delivered to the wrong core, a
# swapped or repeated iteration or a missing scale changes values by tens of percent.
CASE, generate = pipe_case(7101, ("a", "b"), [(M, K), (T * K, N)], [("out", T * M * N, 1e-5, 0)],
                           reference, extra=["zeros:2048"])

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
