"""RMSNorm over bf16 x (16x1024) and bf16 gamma in 4 column chunks: numpy reference of y (bf16, RNE)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

CASE = {
    "args": ["x.bin", "gamma.bin", "zeros:16384"],
    # The reference repeats the kernel's f32 steps, so it normally matches bit for bit; 1 ulp
    # of bf16 leaves room for the summation order of trowsum and for trsqrt's last bit. A
    # missing or repeated chunk changes the rms by several percent (many bf16 ulps).
    "outs": [{"target": "3", "expect": "y.expect.bin", "dtype": "bfloat16",
              "rtol": 0.0, "atol": 0.0, "ulp": 1}],
}

ROWS, HIDDEN, CHUNK = 16, 1024, 256
EPS = np.float32(1e-6)


def generate(out_dir):
    rng = np.random.default_rng(2024)
    scale = np.exp(rng.uniform(np.log(0.05), np.log(20.0), size=(ROWS, 1)))
    x = to_bf16(rng.normal(0.0, 1.0, size=(ROWS, HIDDEN)) * scale)
    x[3, :] = 0                                # all zero: inv rms = 1/sqrt(eps), y = 0
    x[7, :] = to_bf16(rng.normal(0.0, 1e-4, size=HIDDEN))   # mean square far below eps
    x[11, :] = to_bf16(rng.normal(0.0, 300.0, size=HIDDEN))  # large values
    x[12, 256:512] = 0                         # one chunk of a row contributes nothing
    gamma = to_bf16(rng.uniform(0.5, 1.5, size=HIDDEN))

    # The kernel's steps, each rounded to f32 as the f32 tiles hold them.
    xf = from_bf16(x)
    sq = xf * xf
    acc = np.zeros(ROWS, np.float32)
    for k in range(0, HIDDEN, CHUNK):
        part = sq[:, k:k + CHUNK].astype(np.float64).sum(axis=1).astype(np.float32)
        acc = acc + part
    ms = acc * np.float32(1.0 / HIDDEN) + EPS
    inv = (1.0 / np.sqrt(ms.astype(np.float64))).astype(np.float32)
    y = (xf * inv[:, None]) * from_bf16(gamma)[None, :]
    save(out_dir, {"x": x, "gamma": gamma, "y.expect": to_bf16(y)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
