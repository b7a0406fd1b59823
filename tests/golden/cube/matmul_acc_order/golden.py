"""The cube's sums from their initial value: C1 = bias + A1 B1 and C2 = C1 + A2 B2, each sum
an f32 addition per k in ascending order starting from the bias row (tmatmul.bias) or the old
accumulator (tmatmul.acc), as pto-isa's mad does; f16 operands, so every product is exact in
f32. The data makes that order differ from adding the initial value after the k loop."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

M, K, N = 16, 32, 16
CASE = {
    "arch": "a2a3",
    "args": ["a1.bin", "b1.bin", "a2.bin", "b2.bin", "bias.bin", f"zeros:{M * N}",
             f"zeros:{M * N}"],
    "outs": [{"target": "6", "expect": "c1.expect.bin", "dtype": "float32"},
             {"target": "7", "expect": "c2.expect.bin", "dtype": "float32"}],
}


def mad(start, a, b):
    """start + sum_k a[:, k] b[k, :], one f32 rounding per addition, k ascending."""
    c = np.broadcast_to(start, (a.shape[0], b.shape[1])).astype(np.float32)
    for k in range(a.shape[1]):
        c = (c + np.outer(a[:, k], b[k, :]).astype(np.float32)).astype(np.float32)
    return c


def generate(out_dir, seed=484):
    rng = np.random.default_rng(seed)
    halves = lambda shape: (rng.integers(-8, 9, shape) / 4).astype(np.float16)
    a1, b1, a2, b2 = halves((M, K)), halves((K, N)), halves((M, K)), halves((K, N))
    # Initial values where f32's spacing is 1 or 2: the quarter products round away one by one.
    bias = (rng.choice([-1, 1], N) * rng.uniform(2.0**23, 2.0**25, N)).astype(np.float32)
    c1 = mad(bias, a1.astype(np.float32), b1.astype(np.float32))
    c2 = mad(c1, a2.astype(np.float32), b2.astype(np.float32))
    after = (mad(np.float32(0), a1.astype(np.float32), b1.astype(np.float32)) + bias).astype(np.float32)
    assert (after != c1).any()   # the order shows
    save(out_dir, {"a1": a1, "b1": b1, "a2": a2, "b2": b2, "bias": bias,
                   "c1.expect": c1, "c2.expect": c2})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
