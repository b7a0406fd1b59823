"""TROWSUM of f32 and f16 rows in the a5 NPU's order (reference/npu_sums.py): inputs whose sums
differ between that order, the exact sum rounded once (--arith exact) and a2a3's order."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_sums import row_sums
from reference.tiles import save, spread

ARCH = "a5"
CASE = {
    "arch": ARCH,
    "args": ["a.bin", "b.bin", "h.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t}
             for n, t in (("ra", "float32"), ("rb", "float32"), ("rh", "float16"))],
}


def inputs(rng):
    a = spread(rng, (8, 40), 3).astype(np.float32)
    b = spread(rng, (8, 200), 3).astype(np.float32)
    b[0, :] = 1.0
    b[0, 0], b[0, 150] = 2.0**25, -(2.0**25)     # cancels across repeats: the ones decide
    b[1, :] = 2.0**-20
    b[1, 64] = 1.0                               # a large value in the second repeat only
    h = np.round(rng.uniform(-60, 60, (16, 320)) * 8) / 8
    h[0, :] = 0.25
    h[0, 0] = 1024.0                             # f16 spacing 1 there: the quarters get lost
    return a, b, h.astype(np.float16)


def exact(x):
    return np.array([np.float64(r.astype(np.float64).sum()) for r in x]).astype(x.dtype)


def generate(out_dir, arch=ARCH, seed=481):
    a, b, h = inputs(np.random.default_rng(seed))
    sums = {"ra": row_sums(a, arch), "rb": row_sums(b, arch), "rh": row_sums(h[:, :300], arch)}
    other = "a2a3" if arch == "a5" else "a5"
    # The case must tell the orders apart: some rows differ from the exact sum and from the
    # other architecture's order.
    assert any((sums[n] != exact(x)).any() for n, x in (("rb", b), ("rh", h[:, :300])))
    assert (sums["rb"] != row_sums(b, other)).any() or (sums["rh"] != row_sums(h[:, :300], other)).any()
    save(out_dir, {"a": a, "b": b, "h": h,
                   **{f"{n}.expect": v.reshape(-1, 1) for n, v in sums.items()}})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
