"""Paired @k_aic/@k_aiv kernel run from the cube side: out = (A @ B) * scale + bias (A, B bf16)."""
import os

import numpy as np

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


def to_bf16_bits(x):
    """float32 values -> bf16 bit patterns (uint16), round to nearest even; NaN stays NaN."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(np.asarray(x, dtype=np.float32))
    return np.where(nan, (bits >> 16) | 0x40, rounded).astype(np.uint16)


def from_bf16_bits(b):
    """bf16 bit patterns -> exact float64 values."""
    return (b.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def generate(out_dir):
    rng = np.random.default_rng(7104)
    a = to_bf16_bits(rng.uniform(-1.0, 1.0, size=(M, K)).astype(np.float32))
    b = to_bf16_bits(rng.uniform(-1.0, 1.0, size=(K, N)).astype(np.float32))
    bias = rng.uniform(-2.0, 2.0, size=(1, N)).astype(np.float32)
    out = (from_bf16_bits(a) @ from_bf16_bits(b)) * SCALE + bias.astype(np.float64)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    bias.tofile(os.path.join(out_dir, "bias.bin"))
    out.astype(np.float32).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
