"""Plain tmatmul of fp8 and hif8 on a5: c[i,j] = sum_k a[i,k] b[k,j] in f32. Each product of
two such values is exact in f32; the reference sums exactly (float64) and rounds once, the
kernel sums in f32, so the terms are kept small (magnitudes 2^-3 to 2^4) and floats compare
with rtol 1e-6 and atol 1e-5. mm1 = a4 (e4m3) x b5 (e5m2); mm2 = mm1 + a4 b5; mm3 = a4 b5 + bias;
mm4 = ah x bh (both hif8)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.narrow_float import decode_e4m3, decode_e5m2, decode_hif8  # noqa: E402

SEED = 5309
M, K, N = 16, 32, 32
OUTS = ["mm1", "mm2", "mm3", "mm4"]
CASE = {
    "arch": "a5",
    "args": ["a4.bin", "b5.bin", "ah.bin", "bh.bin", "bias.bin"] + [f"zeros:{M * N}"] * 4,
    "outs": [{"target": str(6 + i), "expect": f"{n}.expect.bin", "dtype": "float32",
              "rtol": 1e-6, "atol": 1e-5} for i, n in enumerate(OUTS)],
}


def small_codes(rng, decode, shape):
    """Random codes whose values are 0 or of magnitude 2^-3 to 2^4."""
    values = decode(np.arange(256))
    with np.errstate(invalid="ignore"):
        ok = np.isfinite(values) & ((values == 0) | ((np.abs(values) >= 0.125) & (np.abs(values) <= 16)))
    return rng.choice(np.flatnonzero(ok), size=shape).astype(np.uint8)


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a4 = small_codes(rng, decode_e4m3, (M, K))
    b5 = small_codes(rng, decode_e5m2, (K, N))
    ah = small_codes(rng, decode_hif8, (M, K))
    bh = small_codes(rng, decode_hif8, (K, N))
    bias = rng.uniform(-50, 50, size=(1, N)).astype(np.float32)
    mm1 = decode_e4m3(a4) @ decode_e5m2(b5)
    mm2 = mm1.astype(np.float32).astype(np.float64) + mm1
    mm3 = mm1 + bias
    mm4 = decode_hif8(ah) @ decode_hif8(bh)
    for name, arr in [("a4", a4), ("b5", b5), ("ah", ah), ("bh", bh), ("bias", bias),
                      ("mm1.expect", mm1), ("mm2.expect", mm2), ("mm3.expect", mm3),
                      ("mm4.expect", mm4)]:
        out = arr if arr.dtype in (np.uint8, np.float32) else arr.astype(np.float32)
        np.ascontiguousarray(out).tofile(os.path.join(out_dir, f"{name}.bin"))


# Its .acc forms name an accumulator tile apart from the destination: the ISA's c_in + A x B,
# which --arith exact computes; the NPU adds onto the destination instead (docs/semantics.md,
# "The NPU's arithmetic"; cube/matmul_acc_apart).
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
