"""A TileLang-style elementwise kernel on VMI vectors (docs/semantics.md "VMI layer"):
out[i] = (f32(x[i]) + bias) * w[i] for the first 1000 elements, in chunks of 128 lanes.

vcvt f16 -> f32 is exact; the add and the multiply are f32 operations, each rounded once (numpy's
float32 arithmetic); the scalar argument 0.1 is rounded to f32. create_mask of the remaining
count is all lanes while at least 128 remain and the first 104 in the last chunk, so the masked
stores leave out[1000:1024] (and the NaN/inf garbage in x's and w's tails) untouched.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

N, PADDED, BIAS = 1000, 1024, "0.1"
CASE = {
    "args": ["x.bin", "w.bin", "out.init.bin", BIAS],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4112)
    x = rng.uniform(-8, 8, PADDED).astype(np.float16)
    w = rng.uniform(-3, 3, PADDED).astype(np.float32)
    x[[0, 127, 128, 999]] = [65504.0, -0.0, np.inf, 6.1035156e-05]
    x[N:] = np.nan                        # past the data: must not reach the output
    w[N::2] = np.inf
    out0 = (-7.0 - np.arange(PADDED)).astype(np.float32)
    out = out0.copy()
    with np.errstate(all="ignore"):
        out[:N] = (x[:N].astype(np.float32) + np.float32(float(BIAS))) * w[:N]
    save(out_dir, {"x": x, "w": w, "out.init": out0, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
