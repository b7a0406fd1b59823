"""Tiled f32 GEMM with K accumulation on the A5 cube: C[48x64] = A[48x128] @ B[128x64]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

M, K, N = 48, 128, 64

CASE = {
    "args": ["a.bin", "b.bin", f"zeros:{M * N}"],
    # The kernel sums 128 f32 products per element (four 32-long K blocks, then the block sums);
    # the reference is exact (float64). |C| <= ~14 and the f32 rounding error of any summation
    # order stays at a few 1e-6, so rtol=atol=1e-5 passes every correct order while a missing or
    # misplaced K block (changes of >= 2e-4, typically ~1) fails.
    "outs": [{"target": "3", "expect": "c.expect.bin", "dtype": "float32",
              "rtol": 1e-5, "atol": 1e-5}],
}


def generate(out_dir):
    rng = np.random.default_rng(4801)
    a = rng.uniform(-1.0, 1.0, size=(M, K)).astype(np.float32)
    b = rng.uniform(-1.0, 1.0, size=(K, N)).astype(np.float32)
    c = a.astype(np.float64) @ b.astype(np.float64)
    save(out_dir, {"a": a, "b": b, "c.expect": c.astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
