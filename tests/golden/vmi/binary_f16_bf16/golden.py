"""pto.vmi.vadd/vsub/vmul/vdiv/vmax/vmin on f16 and bf16 logical vectors (docs/semantics.md
"VMI layer", "Arithmetic").

Each active lane is computed in f32 from the half-precision inputs and rounded once to f16 or
bf16 (nearest even, overflow to infinity), which for + - * / is the correctly rounded result;
max and min propagate NaN. Inactive lanes are 0; masked stores keep the sentinels.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

CASE = {
    "args": ["xh.bin", "yh.bin", "xb.bin", "yb.bin", "oh.init.bin", "ob.init.bin"],
    "outs": [{"target": "5", "expect": "oh.expect.bin", "dtype": "float16"},
             {"target": "6", "expect": "ob.expect.bin", "dtype": "bfloat16"}],
}

INF, NAN = np.inf, np.nan


def masked(r, n):
    r = r.copy()
    r[n:] = 0
    return r


def f16_op(op, a, b):
    with np.errstate(all="ignore"):
        return op(a.astype(np.float32), b.astype(np.float32)).astype(np.float16)


def bf16_op(op, a, b):
    with np.errstate(all="ignore"):
        return to_bf16(op(from_bf16(a), from_bf16(b)))


OPS = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
       "max": np.maximum, "min": np.minimum}


def generate(out_dir):
    rng = np.random.default_rng(4102)
    xh = rng.uniform(-60, 60, 256).astype(np.float16)
    yh = rng.uniform(-60, 60, 256).astype(np.float16)
    h_special = [(60000.0, 60000.0), (300.0, 300.0), (-65504.0, 65504.0), (INF, -INF),
                 (NAN, 1.0), (1.0, 0.0), (0.0, 0.0), (1.0, 3.0), (0.1, 0.2), (2048.0, 1.0),
                 (2048.0, 3.0), (1.0009765625, 1.0009765625), (6.103515625e-05, 0.5),
                 (-7.0, NAN), (1e-4, 3e-4)]
    for i, (a, b) in enumerate(h_special):
        xh[5 * i], yh[5 * i] = a, b
    xh[90], yh[100], xh[127] = NAN, INF, NAN             # past the 77-lane tail
    xh[200 + 3], yh[251] = NAN, INF                     # lanes of the 256-lane vmul
    xb = to_bf16(rng.uniform(-100, 100, 256).astype(np.float32))
    yb = to_bf16(rng.uniform(-100, 100, 256).astype(np.float32))
    b_special = [(3e38, 3e38), (1.0, 2.0 ** -8), (1.0, 3 * 2.0 ** -9), (NAN, 1.0), (INF, 0.0),
                 (-3e38, 3e38), (1.0078125, 1.0078125), (100.0, 0.01), (-INF, 5.0), (2.0, NAN)]
    sa = to_bf16(np.array([a for a, _ in b_special], np.float32))
    sb = to_bf16(np.array([b for _, b in b_special], np.float32))
    for i in range(len(b_special)):
        xb[128 + 6 * i], yb[128 + 6 * i] = sa[i], sb[i]
        xb[3 + 11 * i], yb[3 + 11 * i] = sa[i], sb[i]
    bf_nan, bf_inf = 0x7FC0, 0x7F80
    xb[128 + 95], yb[128 + 120] = bf_nan, bf_inf          # past the 90-lane tail
    xb[252] = bf_nan                                      # past the 250-lane tail

    oh0 = (-1.0 - np.arange(1024) / 8).astype(np.float16)
    ob0 = to_bf16((-1.0 - np.arange(1024) / 4).astype(np.float32))
    oh = oh0.copy()
    a, b = xh[:128], yh[:128]
    oh[0:128] = f16_op(np.add, a, b)
    for i, name in enumerate(["sub", "mul", "div", "max", "min"]):
        oh[128 * (i + 1):128 * (i + 2)] = masked(f16_op(OPS[name], a, b), 77)
    oh[768:968] = f16_op(np.multiply, xh, yh)[:200]
    ob = ob0.copy()
    c, d = xb[128:], yb[128:]
    ob[0:128] = bf16_op(np.add, c, d)
    for i, name in enumerate(["sub", "mul", "max", "min"]):
        ob[128 * (i + 1):128 * (i + 2)] = masked(bf16_op(OPS[name], c, d), 90)
    ob[512:768] = masked(bf16_op(np.add, xb, yb), 250)
    ob[768:1018] = bf16_op(np.subtract, xb, yb)[:250]
    save(out_dir, {"xh": xh, "yh": yh, "xb": xb, "yb": yb, "oh.init": oh0, "ob.init": ob0,
                   "oh.expect": oh, "ob.expect": ob})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
