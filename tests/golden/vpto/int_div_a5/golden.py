"""vdiv on integer lanes: C's truncating division (numpy's floor division corrected toward
zero), INT_MIN / -1 wrapping; i16 lanes 100..127 zero (masked off)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "zeros:64", "h.bin", "g.bin", "zeros:128"],
    "outs": [{"target": "3", "expect": "q.expect.bin", "dtype": "int32"},
             {"target": "6", "expect": "hq.expect.bin", "dtype": "int16"}],
}


def trunc_div(a, b, dtype):
    q = np.abs(a.astype(np.int64)) // np.abs(b.astype(np.int64))
    q = np.where((a < 0) != (b < 0), -q, q)
    return q.astype(np.int64).astype(np.uint64).astype(dtype)  # wraps like the NPU's result


def nonzero(rng, lo, hi, n, dtype):
    x = rng.integers(lo, hi, n).astype(np.int64)
    x[x == 0] = 7
    return x.astype(dtype)


def generate(out_dir):
    rng = np.random.default_rng(6064)
    a = rng.integers(-2**31, 2**31 - 1, 64, dtype=np.int64).astype(np.int32)
    b = nonzero(rng, -1000, 1000, 64, np.int32)
    a[0], b[0] = -2**31, -1
    a[1], b[1] = -7, 2
    a[2], b[2] = 7, -2
    h = rng.integers(-2**15, 2**15 - 1, 128, dtype=np.int64).astype(np.int16)
    g = nonzero(rng, -300, 300, 128, np.int16)
    h[0], g[0] = -2**15, -1
    g[100:] = 0  # masked off: a zero there is never divided by
    hq = trunc_div(h, np.where(g == 0, 1, g), np.int16)
    hq[100:] = 0
    save(out_dir, {"a": a, "b": b, "h": h, "g": g, "q.expect": trunc_div(a, b, np.int32),
                   "hq.expect": hq})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
