"""Flash attention, one head, bf16 Q/K/V, online softmax over three 64-row K/V blocks, bf16 O."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["q.bin", "k.bin", "v.bin", "zeros:1024"],
    # The reference follows the kernel's rounding up to the bf16 P fed to the cube (S as f32 sums
    # over ascending k of exact bf16 products, f32 max, exp(f32(S - m)) rounded to f32, P to
    # bf16 by nearest-even), so the bf16 P is the kernel's bit for bit. The rest (l, the
    # rescalings, P V, O / l) is float64; the kernel's f32 versions differ by ~1e-6 relative,
    # so the bf16 O may land one ulp away when it is close to a rounding tie. atol covers
    # outputs within ~1e-4 of zero, where that f32 error is more than a bf16 ulp. (A plain
    # float64 softmax without the bf16 P is up to 49 ulps away on near-zero outputs; a skipped
    # block, a missing rescale or a stale max is hundreds to 30000 ulps away.)
    "outs": [{"target": "4", "expect": "o.expect.bin", "dtype": "bfloat16",
              "ulp": 1, "rtol": 0, "atol": 1e-6}],
}

SCALE = 0.125      # 1/sqrt(head dim 64), exact in f32
BLOCK = 64         # K/V rows per step


def inputs():
    rng = np.random.default_rng(4242)
    q = rng.normal(0.0, 1.5, size=(16, 64)).astype(np.float32)
    k = rng.normal(0.0, 1.0, size=(192, 64)).astype(np.float32)
    v = rng.normal(0.0, 1.0, size=(192, 64)).astype(np.float32)
    kb = from_bf16(to_bf16(k))
    # Row 0 attends almost only to key 170 (last block): the running max jumps late.
    q[0] = 4.0 * kb[170]
    # Row 1 attends mostly to key 9 (first block).
    q[1] = 2.0 * kb[9]
    # Row 2 attends to keys 70 and 150 (blocks 1 and 2, scores 101 and 108, P ~ 1e-3 and 1):
    # exp of the raw scores would overflow f32, so the row max must be subtracted.
    q[2] = 12.0 * (kb[70] + kb[150])
    # Row 15: all-zero query, uniform attention = the mean of V.
    q[15] = 0.0
    return to_bf16(q), to_bf16(k), to_bf16(v)


def reference(qb, kb, vb):
    q, k, v = from_bf16(qb), from_bf16(kb), from_bf16(vb)
    rows = q.shape[0]
    m = np.full(rows, -3.0e38, dtype=np.float32)
    l = np.zeros(rows)
    o = np.zeros((rows, v.shape[1]))
    for j0 in range(0, k.shape[0], BLOCK):
        kj, vj = k[j0:j0 + BLOCK], v[j0:j0 + BLOCK]
        s = np.zeros((rows, BLOCK), dtype=np.float32)
        for d in range(q.shape[1]):      # f32 accumulation, ascending k; products are exact
            s = s + np.outer(q[:, d], kj[:, d]).astype(np.float32)
        s = s * np.float32(SCALE)
        m_new = np.maximum(m, s.max(axis=1))
        alpha = np.exp(m.astype(np.float64) - m_new.astype(np.float64))
        p = np.exp((s - m_new[:, None]).astype(np.float64)).astype(np.float32)
        l = alpha * l + p.astype(np.float64).sum(axis=1)
        p16 = from_bf16(to_bf16(p)).astype(np.float64)
        o = alpha[:, None] * o + p16 @ vj.astype(np.float64)
        m = m_new
    return to_bf16((o / l[:, None]).astype(np.float32))


def generate(out_dir):
    q, k, v = inputs()
    o = reference(q, k, v)
    save(out_dir, {"q": q, "k": k, "v": v, "o.expect": o})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
