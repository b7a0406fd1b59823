"""VMI fused and special functions (docs/semantics.md "VMI layer"): vmula acc + a * b and vaxpy
alpha * a + acc rounded once (inputs of few bits, so the exact value is a double), vlrelu and
vprelu (a where a >= 0, else slope * a), vexpdif exp(a - b) into f32, vmull's low and high
words of the 64-bit product (signed and unsigned), vselr a[k[i]]; lanes 50.. inactive: zero."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "k.bin", "zeros:384", "zeros:256"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32", "rtol": 2e-7},
             {"target": "4", "expect": "iout.expect.bin", "dtype": "int32"}],
}
N, ACTIVE, ALPHA = 64, 50, np.float32(0.375)


def generate(out_dir):
    rng = np.random.default_rng(4101)
    # Multiples of 1/64 below 8: products and sums are exact in double, rounded once to f32.
    x = (rng.integers(-512, 512, 3 * N) / 64.0).astype(np.float32)
    x[5] = np.float32(-0.0)
    a, b, c = x[:N].astype(np.float64), x[N:2 * N].astype(np.float64), x[2 * N:].astype(np.float64)
    ia = rng.integers(-2**31, 2**31, N, dtype=np.int64)
    ib = rng.integers(-2**31, 2**31, N, dtype=np.int64)
    idx = rng.permutation(N).astype(np.int64)
    k = np.concatenate([ia, ib, idx]).astype(np.int32)
    active = np.arange(N) < ACTIVE
    out = np.zeros((6, N), np.float32)
    out[0] = (c + a * b).astype(np.float32)
    out[1] = (float(ALPHA) * a + c).astype(np.float32)
    out[2] = np.where(a >= 0, a, float(ALPHA) * a).astype(np.float32)
    out[3] = np.where(a >= 0, a, b * a).astype(np.float32)
    out[4] = np.exp((a - b).astype(np.float32).astype(np.float64)).astype(np.float32)
    out[:5, ~active] = 0
    out[2, 5] = x[5]  # -0 stays -0 (a >= 0 holds for -0)
    out[3, 5] = x[5]
    out[5] = x[:N][idx]  # vselr takes no mask
    signed = ia * ib
    unsigned = (ia & 0xffffffff) * (ib & 0xffffffff)
    iout = np.zeros((4, N), np.int64)
    iout[0] = signed & 0xffffffff
    iout[1] = (signed >> 32) & 0xffffffff
    iout[2] = unsigned & 0xffffffff
    iout[3] = (unsigned >> 32) & 0xffffffff
    iout[:, ~active] = 0
    save(out_dir, {"x": x, "k": k, "out.expect": out,
                   "iout.expect": iout.astype(np.uint32).view(np.int32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
