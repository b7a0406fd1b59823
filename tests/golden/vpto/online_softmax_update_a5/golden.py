"""One online-softmax update of a 64 x 1024 f32 block, modelled step by step as the kernel
computes it (docs/semantics.md "### arith"), so every output is compared exactly:

- every vsub, vmul and vadd is one f32 operation, rounded once (numpy float32 arithmetic);
- vexp is exp evaluated in double (libm's, as ptorun) and rounded once to f32;
- the row sum is the kernel's order: 16 vector adds lane by lane (into a zero vector), then
  vcadd's tree of halves over the 64 lanes (lane i + lane i + 32, then + 16, ...);
- max is exact, so the order of the vmax fold and vcmax does not matter.

Rows 0..7 are a first update (m = -inf, l = 0, o = 0: a = 0 and o' = p, so p itself is
checked); rows 8..15 have a causal-mask tail of -inf scores (p = 0 there); in the other rows
the old max is above the row's max in some rows (a = 1) and below it in the others."""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save
from reference.vpto import vcadd_tree_f32

ROWS, COLS, VL = 64, 1024, 64
F32 = {"dtype": "float32", "rtol": 0.0, "atol": 0.0}

CASE = {
    "arch": "a5",
    "args": ["x.bin", "o.bin", "m.bin", "l.bin",
             f"zeros:{ROWS * COLS}", f"zeros:{ROWS}", f"zeros:{ROWS}", f"zeros:{ROWS}"],
    "outs": [dict(F32, target="5", expect="o_new.expect.bin"),
             dict(F32, target="6", expect="m_new.expect.bin"),
             dict(F32, target="7", expect="l_new.expect.bin"),
             dict(F32, target="8", expect="alpha.expect.bin")],
}


def vexp(a):
    """pto.vexp on f32 lanes: exp in double, rounded once to f32."""
    flat = a.astype(np.float64).ravel()
    return np.array([math.exp(v) for v in flat]).astype(np.float32).reshape(a.shape)


def update(x, o, m, l):
    mn = np.maximum(m, x.max(axis=1))
    alpha = vexp(m - mn)
    p = vexp(x - mn[:, None])
    lane_sums = np.zeros((ROWS, VL), dtype=np.float32)
    for j in range(0, COLS, VL):
        lane_sums = lane_sums + p[:, j:j + VL]
    l_new = l * alpha + vcadd_tree_f32(lane_sums)
    o_new = o * alpha[:, None] + p
    return o_new, mn, l_new, alpha


def generate(out_dir):
    rng = np.random.default_rng(7101)
    x = (rng.standard_normal((ROWS, COLS)) * 2.0).astype(np.float32)
    o = rng.standard_normal((ROWS, COLS)).astype(np.float32)
    m = rng.uniform(2.0, 10.0, ROWS).astype(np.float32)
    l = rng.uniform(1.0, 200.0, ROWS).astype(np.float32)
    m[:8], l[:8], o[:8] = -np.inf, 0.0, 0.0
    for r in range(8, 16):
        x[r, 100 * (r - 7):] = -np.inf
    o_new, m_new, l_new, alpha = update(x, o, m, l)
    assert (alpha[16:] == 1.0).any() and (alpha[16:] < 1.0).any()
    save(out_dir, {"x": x, "o": o, "m": m, "l": l, "o_new.expect": o_new,
                   "m_new.expect": m_new, "l_new.expect": l_new, "alpha.expect": alpha})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
