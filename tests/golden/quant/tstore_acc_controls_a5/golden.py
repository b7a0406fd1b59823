"""tstore from acc through the fixpipe's controls on a5 (kernel.pto says which store is which).

- %q: the i32 product scaled by the pre-quant scalar's f32 scale (bits 0-31 of the i64) and
  rounded once to f16, then ReLU (the fixpipe's order: quant, then relu; docs/semantics.md).
- %r: the f32 product with ReLU.
- %s: the f32 product rounded to bf16 and added to %s's bf16 values by GM's atomic add: the
  bf16 sum rounded once (to nearest even).
- %w: the i32 product as f32 (exact: |x| < 2^24).
The f32 products are exact (small integers times powers of two), so the matmul's accumulation
order does not matter.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16, from_bf16
from reference.tiles import save

SCALE = np.float32(0.0078125 * 3)  # 3/128: products have up to 10 significant bits after scaling

CASE = {
    "arch": "a5",
    "args": ["ai.bin", "bi.bin", "af.bin", "bf.bin", str(int(SCALE.view(np.uint32))),
             "zeros:512", "zeros:256", "s.bin", "zeros:512"],
    "outs": [{"target": "6", "expect": "q.expect.bin", "dtype": "float16"},
             {"target": "7", "expect": "r.expect.bin", "dtype": "float32"},
             {"target": "8", "expect": "s.expect.bin", "dtype": "uint16"},
             {"target": "9", "expect": "w.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3637)
    ai = rng.integers(-128, 128, size=(16, 32)).astype(np.int8)
    bi = rng.integers(-128, 128, size=(32, 32)).astype(np.int8)
    af = (rng.integers(-64, 64, size=(16, 16)) / 8).astype(np.float32)
    bf = (rng.integers(-64, 64, size=(16, 16)) / 4).astype(np.float32)
    s0 = to_bf16(rng.uniform(-100, 100, size=(16, 16)).astype(np.float32))
    acci = ai.astype(np.int64) @ bi.astype(np.int64)
    accf = af.astype(np.float64) @ bf.astype(np.float64)
    q = np.maximum((acci * np.float64(SCALE)).astype(np.float16), np.float16(0))
    r = np.maximum(accf, 0).astype(np.float32)
    exact = from_bf16(s0).astype(np.float64) + from_bf16(to_bf16(accf.astype(np.float32)))
    assert np.array_equal(exact.astype(np.float32).astype(np.float64), exact)  # one rounding
    s = to_bf16(exact.astype(np.float32))
    save(out_dir, {"ai": ai, "bi": bi, "af": af, "bf": bf, "s": s0,
                   "q.expect": q, "r.expect": r, "s.expect": s, "w.expect": acci.astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
