"""TADDRELU and TAXPY on a2a3: max(a + b, 0) with the sum rounded (i16 wraps) first, and
dst + src * k rounded once (reference.power.fma32; f16 through double, as ptorun)."""
import os
import sys
from fractions import Fraction

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import power
from reference.tiles import kernel_args, save

HERE = os.path.dirname(os.path.abspath(__file__))
K32, K16 = 1.375, -0.75
OUTS = {"r32": "float32", "r16": "float16", "ri": "int16", "d32": "float32", "d16": "float16",
        "dw": "float32"}

CASE = {
    "arch": "a2a3",
    "args": kernel_args(HERE, ("a", "b", "x", "d")),
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS.items()],
}


def relu(s):
    return np.where(np.isnan(s), s, np.where(s > 0, s, np.zeros_like(s)))


def axpy(d, x, k, out):
    """d + x * k, the exact value rounded once to out (f16: once to double first, as ptorun)."""
    def one(dv, xv):
        exact = Fraction(float(dv)) + Fraction(float(xv)) * Fraction(float(k))
        return power.round_f32(exact) if out == np.float32 else float(exact)
    return np.array([one(a, b) for a, b in zip(d.ravel().tolist(), x.ravel().tolist())],
                    np.float64).astype(out).reshape(d.shape)


def generate(out_dir):
    rng = np.random.default_rng(4242)
    a32, b32 = (rng.uniform(-4, 4, (4, 16)).astype(np.float32) for _ in range(2))
    a32.flat[:4], b32.flat[:4] = [-0.0, np.nan, 1.0, 3.0e38], [-0.0, 1.0, -1.0, 3.0e38]
    a16, b16 = (rng.uniform(-4, 4, (2, 16)).astype(np.float16) for _ in range(2))
    ai, bi = (rng.integers(-20000, 20000, (2, 16)).astype(np.int16) for _ in range(2))
    ai.flat[:3], bi.flat[:3] = [30000, -30000, 5], [30000, -30000, -5]
    x32 = rng.uniform(-100, 100, (4, 16)).astype(np.float32)
    d32, d16, dw = (rng.uniform(-50, 50, s).astype(t) for s, t in
                    (((4, 16), np.float32), ((2, 16), np.float16), ((2, 16), np.float32)))
    with np.errstate(over="ignore", invalid="ignore"):
        r32 = relu(a32 + b32)
        r16 = relu(a16 + b16)
    ri = np.maximum((ai.astype(np.int32) + bi).astype(np.int16), 0).astype(np.int16)
    d32_exp = d32.copy()
    d32_exp[:3, :13] = axpy(d32[:3, :13], x32[:3, :13], K32, np.float32)
    save(out_dir, {
        "a32": a32, "b32": b32, "a16": a16, "b16": b16, "ai": ai, "bi": bi, "x32": x32,
        "d32": d32, "d16": d16, "dw": dw,
        "r32.expect": r32, "r16.expect": r16, "ri.expect": ri, "d32.expect": d32_exp,
        "d16.expect": axpy(d16, a16, np.float16(K16), np.float16),
        "dw.expect": axpy(dw, b16, np.float16(K16), np.float32),
    })


if __name__ == "__main__":
    generate(HERE)
