"""Vector -> cube -> vector round trip: out[16t:16t+16, :] = relu((0.5 * A[16t:16t+16, :]) @ B), t = 0, 1."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.pipe import pipe_case

T, M, K, N = 2, 16, 32, 32


def reference(a, b):
    return [np.maximum((0.5 * a.astype(np.float64)) @ b.astype(np.float64), 0.0)]


# 0.5 * A is exact; each C element is an f32 sum of 32 f32 products of size <= 0.5, within
# ~2e-6 of the float64 value, and relu adds no rounding. atol = 5e-6 passes any summation order;
# rows of the wrong vector core, the two halves of A joined in the wrong order, a missing 0.5 or
# a swapped iteration change values by ~0.1 or more.
CASE, generate = pipe_case(7103, ("a", "b"), [(T * M, K), (K, N)], [("out", T * M * N, 1e-6, 5e-6)],
                           reference)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
