"""Tiled bf16 GEMM with bias on the A2/A3 cube, f32 accumulation: C = A[64x256] @ B[256x32] + bias."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16
from reference.tiles import bf16_gemm_inputs, save

M, K, N = 64, 256, 32

CASE = {
    "args": ["a.bin", "b.bin", "bias.bin", f"zeros:{M * N}", f"zeros:{M * N}"],
    "outs": [
        # f32 store of the accumulator. bf16 products are exact in f32, so the only error is the
        # rounding of 256 additions plus the bias (a few 1e-6 for |C| <= ~23); the float64
        # reference passes any summation order at rtol=atol=1e-5, a missing or misplaced K block
        # or a lost bias (changes of >= 6e-4, typically ~1) fails.
        {"target": "4", "expect": "c32.expect.bin", "dtype": "float32",
         "rtol": 1e-5, "atol": 1e-5},
        # bf16 store (f32 -> bf16, nearest even, on the way out of L0C): the exact result rounded
        # to bf16; 1 ulp covers an f32 sum that lands on the other side of a rounding boundary.
        {"target": "5", "expect": "c16.expect.bin", "dtype": "bfloat16", "ulp": 1},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(4802)
    a, b, bias, ab = bf16_gemm_inputs(rng, M, K, N)
    c = ab + bias.astype(np.float64)
    save(out_dir, {"a": a, "b": b, "bias": bias, "c32.expect": c.astype(np.float32),
                   "c16.expect": to_bf16(c.astype(np.float32))})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
