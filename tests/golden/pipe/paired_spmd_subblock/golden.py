"""Paired @k_aic/@k_aiv kernel whose vector side takes PyPTO's subblock index parameter, run
from the cube side: out = (A @ B) * scale + bias (A, B bf16)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import bf16_gemm_inputs, save

M, K, N = 32, 64, 32
SCALE = 0.75

CASE = {
    "args": ["a.bin", "b.bin", "bias.bin", f"zeros:{M * N}", repr(SCALE)],
    "entry": "k_aic",
    "outs": [
        # bf16 products are exact in f32; the 64-term f32 sum (|C| up to ~8) is within ~1e-5
        # of the float64 value, and the exact scale by 0.75 and the bias add (|bias| <= 2) add
        # one rounding each. rtol = atol = 2e-5 passes any summation order; rows of the wrong
        # core, a lost scale (25% off) or bias (|bias| >= ~0.01) fail.
        {"target": "4", "expect": "out.expect.bin", "dtype": "float32",
         "rtol": 2e-5, "atol": 2e-5},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(7104)
    a, b, bias, ab = bf16_gemm_inputs(rng, M, K, N)
    out = ab * SCALE + bias.astype(np.float64)
    save(out_dir, {"a": a, "b": b, "bias": bias, "out.expect": out.astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
