"""vcvt f32 -> f16: EVEN halves rounded to nearest even and saturated (NaN -> 0, infinities and
overflow -> +-65504), ODD halves truncated without saturation, merged; then ODD under a mask."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float16"}],
}
ACTIVE = 40
F16_MAX = 65504.0


def nearest_sat(x):
    x = np.where(np.isnan(x), np.float32(0), x)
    return np.clip(x, -F16_MAX, F16_MAX).astype(np.float16)


def toward_zero(x):
    with np.errstate(over="ignore"):
        r = x.astype(np.float16)
    bits = r.view(np.uint16).copy()
    past = np.isfinite(x) & (np.abs(r.astype(np.float64)) > np.abs(x.astype(np.float64)))
    bits[past] -= 1  # one step back toward zero (the magnitude bits)
    return bits.view(np.float16)


def generate(out_dir):
    rng = np.random.default_rng(709)
    x = rng.uniform(-1000, 1000, 128).astype(np.float32)
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 70000.0, -65519.0, 65520.0, 1e-8, -3e-5,
               1 / 3, 2049.0, 2051.0, -2051.0]
    x[:len(special)] = special
    x[64:64 + len(special)] = special
    lo, hi = x[:64], x[64:]
    merged = np.empty(128, np.float16)
    merged[0::2], merged[1::2] = nearest_sat(lo), toward_zero(hi)
    part = np.zeros(128, np.float16)
    with np.errstate(over="ignore"):
        part[1:2 * ACTIVE:2] = lo[:ACTIVE].astype(np.float16)
    save(out_dir, {"x": x, "out.expect": np.concatenate([merged, part])})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
