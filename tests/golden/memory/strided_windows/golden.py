"""Windows stepping through a larger tile's storage (kernel.pto says what each output is).
Exact: small integers scaled by 1..4, copies, and f16 products of small integers summed in f32
(every partial sum an integer below 2^24)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:8192", "dn.bin", "zeros:256", "q.bin", "a.bin", "b.bin",
             "zeros:8192"],
    "outs": [{"target": "2", "expect": "w.expect.bin", "dtype": "float32"},
             {"target": "4", "expect": "d.expect.bin", "dtype": "float32"},
             {"target": "8", "expect": "c.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3641)
    x = rng.integers(-1000, 1000, size=(16, 512)).astype(np.float32)
    w = x * np.repeat(np.arange(1, 5, dtype=np.float32), 128)[None, :]
    t = rng.integers(-1000, 1000, size=(16, 16)).astype(np.float32)  # element (r, c)
    q = rng.integers(-1000, 1000, size=(8, 8)).astype(np.float32)
    d = t.copy()
    d[8:, 8:] = q
    a = rng.integers(-8, 8, size=(32, 64)).astype(np.float16)
    b = rng.integers(-8, 8, size=(64, 256)).astype(np.float16)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    # The DN views have strides (1, 16): element (r, c) sits at r + 16c, the transpose's order.
    save(out_dir, {"x": x, "w.expect": w, "dn": t.T.copy(), "d.expect": d.T.copy(), "q": q.T.copy(),
                   "a": a, "b": b, "c.expect": c})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
