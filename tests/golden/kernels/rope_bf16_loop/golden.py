"""Rotate-half RoPE of bf16 q (16 tokens x 4 heads x 64) with bf16 cos/sin tables: numpy reference (bf16, RNE)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

CASE = {
    "args": ["q.bin", "cos.bin", "sin.bin", "zeros:4096"],
    # Exact: every step is a correctly rounded f32 multiply, add or subtract of exactly widened
    # bf16 values (no reduction, no transcendental), so the bf16 result is fully determined.
    # The data holds exact bf16 ties, which a conversion rounding ties away from zero gets wrong.
    "outs": [{"target": "4", "expect": "out.expect.bin", "dtype": "bfloat16",
              "rtol": 0.0, "atol": 0.0, "ulp": 0}],
}

TOKENS, HEADS, DIM = 16, 4, 64
HALF = DIM // 2


def reference(q, cos, sin):
    """The kernel's f32 steps: each product and sum rounded to f32, then RNE to bf16."""
    x = from_bf16(q).reshape(TOKENS, HEADS, DIM)
    c, s = from_bf16(cos)[:, None, :], from_bf16(sin)[:, None, :]
    x1, x2 = x[:, :, :HALF], x[:, :, HALF:]
    lo = x1 * c - x2 * s
    hi = x2 * c + x1 * s
    return to_bf16(np.concatenate([lo, hi], axis=2).reshape(TOKENS, HEADS * DIM))


def generate(out_dir):
    rng = np.random.default_rng(77)
    q = to_bf16(rng.normal(0.0, 2.0, size=(TOKENS, HEADS * DIM)))
    pos = np.arange(TOKENS, dtype=np.float64) * 5.0       # token 0 at position 0: out = q there
    inv_freq = 10000.0 ** (-np.arange(HALF, dtype=np.float64) * 2.0 / DIM)
    angle = pos[:, None] * inv_freq[None, :]
    cos = to_bf16(np.cos(angle).astype(np.float32))
    sin = to_bf16(np.sin(angle).astype(np.float32))
    out = reference(q, cos, sin)
    save(out_dir, {"q": q, "cos": cos, "sin": sin, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
