"""Flash attention, one head, f32: O = softmax(Q K^T / 8) V for Q 32x64 and K, V 128x64."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["q.bin", "k.bin", "v.bin", "zeros:2048"],
    # Reference: float64 from the f32 inputs. The kernel rounds S = Q K^T to f32 (64-term dot
    # products of magnitude up to ~800 before scaling, so an absolute error of a few 1e-6 in
    # the largest scores), then exp, the rescalings and the 32-term P V sums in f32. Measured:
    # errors up to 1.7e-6 on entries of size ~1.6 and 6.7e-7 on entries of size ~0.05 (row 2,
    # the large-score row), at most 0.42 of the allowance below everywhere. Any structural
    # mistake (a skipped block, a missing exp(m_old - m_new) rescale of O or l, a stale max,
    # a wrong scale) is off by 1e-2 to 4 and fails by a factor of 1e3 or more.
    "outs": [{"target": "4", "expect": "o.expect.bin", "dtype": "float32",
              "rtol": 1e-5, "atol": 1e-6}],
}

SCALE = 0.125      # 1/sqrt(head dim 64), exact in f32


def inputs():
    rng = np.random.default_rng(3117)
    q = rng.normal(0.0, 1.5, size=(32, 64)).astype(np.float32)
    k = rng.normal(0.0, 1.0, size=(128, 64)).astype(np.float32)
    v = rng.normal(0.0, 1.0, size=(128, 64)).astype(np.float32)
    # Row 0 attends almost only to key 100 (last block): the running max jumps late and the
    # earlier blocks are scaled down by exp(m_old - m_new) ~ 1e-10.
    q[0] = (4.0 * k[100]).astype(np.float32)
    # Row 1 attends mostly to key 5 (first block): later blocks contribute little.
    q[1] = (2.0 * k[5]).astype(np.float32)
    # Row 2 mixes keys 40 and 113 (blocks 1 and 3, P ~ 0.02 and 0.98) with scores of 94 and 98:
    # exp of the raw scores overflows f32, so the row max must be subtracted.
    q[2] = (12.0 * (k[40] + k[113])).astype(np.float32)
    # Row 31: all-zero query, uniform attention = the mean of V (the last row, last NZ box).
    q[31] = 0.0
    return q, k, v


def reference(q, k, v):
    s = (q.astype(np.float64) @ k.astype(np.float64).T) * SCALE
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)) @ v.astype(np.float64)


def generate(out_dir):
    q, k, v = inputs()
    o = reference(q, k, v).astype(np.float32)
    save(out_dir, {"q": q, "k": k, "v": v, "o.expect": o})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
