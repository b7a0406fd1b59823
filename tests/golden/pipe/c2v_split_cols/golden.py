"""Cube -> vector pipe, split = 2: out[16t + r, :] = 2 * |A @ B_t|[r, :] - 1 for t = 0..9."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.pipe import pipe_case

M, K, N, T = 16, 16, 32, 10


def reference(a, b):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return [np.concatenate([2.0 * np.abs(a64 @ b64[t * K:(t + 1) * K]) - 1.0 for t in range(T)])]


# C_t is an f32 sum of 16 f32 products (|a|, |b| <= 1), off by at most ~2e-6 from the float64
# value; 2|C| - 1 doubles that and adds one rounding. atol = 1e-5 (rtol 1e-6) passes any
# summation order; a column half sent to the wrong core, a lost or repeated iteration (values of
# size ~1 differ) or a missing vector step fails.
CASE, generate = pipe_case(7102, ("a", "b"), [(M, K), (T * K, N)], [("out", T * M * N, 1e-6, 1e-5)],
                           reference)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
