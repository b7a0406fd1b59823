"""vcvt f32 -> i32 by R, A (ties away), F, C, Z, O (odd), saturating (NaN -> 0), Z without
saturation (wraps), and i16 -> i32 from the odd elements of the first 50 (b16 mask)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "zeros:512"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "int32"}],
}
ACTIVE16 = 50


def to_odd(v):
    t = np.trunc(v)
    fix = (t != v) & (np.fmod(t, 2) == 0)
    return np.where(fix, t + np.sign(v), t)


def saturate(r):
    r = np.where(np.isnan(r), 0, r)
    return np.clip(r, -2**31, 2**31 - 1).astype(np.int64)


def wrap(r):
    r = np.where(np.isnan(r), 0, r)
    return ((r.astype(np.int64) + 2**31) % 2**32 - 2**31)


def generate(out_dir):
    rng = np.random.default_rng(710)
    x = (rng.integers(-40, 40, 64) / 4).astype(np.float32)  # quarters: ties and inexact values
    x[:10] = [2.5, -2.5, 3.5, -0.5, np.nan, np.inf, -np.inf, 3e9, -3e9, 2.75]
    y = rng.integers(-32768, 32768, 128).astype(np.int16)
    v = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        rounded = [np.rint(v), np.sign(v) * np.floor(np.abs(v) + 0.5), np.floor(v), np.ceil(v),
                   np.trunc(v), to_odd(v)]
        rows = [saturate(r) for r in rounded]
        finite = np.where(np.isinf(v), np.sign(v) * 2**40, v)  # infinities saturate either way
        z = np.where(np.isinf(v), saturate(np.trunc(v)), wrap(np.trunc(finite)))
    widened = np.where(np.arange(64) * 2 + 1 < ACTIVE16, y[1::2].astype(np.int64), 0)
    out = np.stack(rows + [widened, z]).astype(np.int64).astype(np.int32)
    save(out_dir, {"x": x, "y": y, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
