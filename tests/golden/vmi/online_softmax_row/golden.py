"""An online-softmax update over one row in VMI (docs/semantics.md "VMI layer" and the table rows
naming vmi.*): 1024 f32 in 4 steps of 256 lanes, from m = -inf and s = 0: m' = max(m, vcmax x)
(a selection), e = exp(x - m') with the difference rounded to f32 and vexp rounding the exact
exponential once, t = vcadd e (no group: the 256 lanes as four 64-lane chunks added in turn,
then the 64 summed in a tree of halves, each step in f32), s' = s * exp(m - m') + t (vmul, then
vadd, each rounded). Outputs: every step's e, then m' of steps 0..3 and s' of steps 0..3."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:1024", "zeros:8"],
    "outs": [{"target": "2", "expect": "e.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "ms.expect.bin", "dtype": "float32"}],
}


def exp32(v):
    """vexp: the exponential of an f32, rounded once to f32."""
    return np.exp(np.asarray(v, np.float32).astype(np.float64)).astype(np.float32)


def vcadd(v):
    acc = v[:64].astype(np.float32)
    for at in range(64, v.size, 64):
        acc = (acc + v[at:at + 64]).astype(np.float32)
    while acc.size > 1:
        h = acc.size // 2
        acc = (acc[:h] + acc[h:]).astype(np.float32)
    return acc[0]


def generate(out_dir):
    rng = np.random.default_rng(4110)
    # each step's values centred higher than the last, so the running max moves every step
    # (step 2 stays below step 1's max, so there alpha is exp(0) = 1)
    centre = np.repeat(np.array([0.0, 3.0, 1.0, 6.5]), 256)
    x = (centre + rng.normal(0, 2.0, 1024)).astype(np.float32)
    m, s = np.float32(-np.inf), np.float32(0)
    e = np.empty(1024, np.float32)
    ms = np.empty(8, np.float32)
    for j in range(4):
        xv = x[256 * j: 256 * (j + 1)]
        mn = np.maximum(m, xv.max())
        ev = exp32(xv - mn)
        e[256 * j: 256 * (j + 1)] = ev
        t = vcadd(ev)
        alpha = exp32(np.float32(m - mn))
        s = np.float32(np.float32(s * alpha) + t)
        m = mn
        ms[j], ms[4 + j] = m, s
    save(out_dir, {"x": x, "e.expect": e, "ms.expect": ms})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
