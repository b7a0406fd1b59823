"""TGEMV, TGEMV_ACC, TGEMV_BIAS for i8 (-> i32), f16, bf16 and f32 (-> f32), a2a3 (sync form).

c[0,j] = sum_k a[0,k] b[k,j] with K = 20 (b's valid rows), N = 24; d = c + a2 x b;
e = a x b + bias. a and a2 have 32 valid columns; columns 20..31 (NaN in the float types) lie
beyond K and must not be read (b's rows 20..31 are zero in the right tile, so reading them
would turn the whole row into NaN). Inputs are small dyadic values, so every product and partial sum is exact in
f32 and the float64 reference equals the kernel's sum in any order; b holds +inf (row 5, column
3), -inf (row 9, column 3) and NaN (row 7, column 7) in the float types, so column 3 is
+-inf or NaN depending on a, and column 7 NaN. i8 inputs include -128 and 127.
gemv_a5 runs the same data through the SSA and DPS spellings on a5.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16

K, N = 20, 24
TYPES = ["i8", "f16", "bf16", "f32"]
OUTS = ["c", "d", "e"]


def case(arch=None):
    args, outs = [], []
    zeros = f"zeros:{N}" if arch else "zeros"  # pointer parameters need the element count
    for t in TYPES:
        args += [f"a_{t}.bin", f"a2_{t}.bin", f"b_{t}.bin", f"bias_{t}.bin", zeros, zeros, zeros]
    for i, t in enumerate(TYPES):
        for j, o in enumerate(OUTS):
            # Parameter numbers are 1-based: a, a2, b, bias, c, d, e per type.
            outs.append({"target": str(7 * i + 5 + j), "expect": f"{o}_{t}.expect.bin",
                         "dtype": "int32" if t == "i8" else "float32", "rtol": 0, "atol": 0})
    c = {"args": args, "outs": outs}
    if arch:
        c["arch"] = arch
    return c


CASE = case()


def inputs(rng, t):
    """(a, a2, b, bias) as float64 values exactly representable in t, and their file arrays."""
    if t == "i8":
        a = rng.integers(-128, 128, size=(2, 32)).astype(np.int8)
        a[0, :3] = [-128, 127, 0]
        b = rng.integers(-128, 128, size=(K, N)).astype(np.int8)
        b[0, :2] = [-128, 127]
        bias = rng.integers(-1000, 1000, size=N).astype(np.int32)
        bias[:2] = [np.iinfo(np.int32).max - 100000, np.iinfo(np.int32).min + 100000]
        return a[0], a[1], b, bias, (a[0], a[1], b, bias)
    a = rng.integers(-16, 17, size=(2, 32)) / 8.0
    a[:, K:] = np.nan
    a[0, :2] = [-0.0, 0.0]
    a[1, 0] = -3.5
    b = rng.integers(-16, 17, size=(K, N)) / 4.0
    b[5, 3], b[9, 3], b[7, 7] = np.inf, -np.inf, np.nan
    bias = rng.integers(-64, 65, size=N) / 2.0
    bias[5] = -0.0
    if t == "f16":
        files = (a[0].astype(np.float16), a[1].astype(np.float16), b.astype(np.float16))
    elif t == "bf16":
        files = tuple(to_bf16(x) for x in (a[0], a[1], b))
        assert np.array_equal(from_bf16(files[2]), b.astype(np.float32), equal_nan=True)
    else:
        files = (a[0].astype(np.float32), a[1].astype(np.float32), b.astype(np.float32))
    return a[0], a[1], b, bias, files + (bias.astype(np.float32),)


def generate(out_dir):
    rng = np.random.default_rng(6014)
    for t in TYPES:
        a, a2, b, bias, files = inputs(rng, t)
        for name, arr in zip(["a", "a2", "b", "bias"], files):
            arr.tofile(os.path.join(out_dir, f"{name}_{t}.bin"))
        if t == "i8":
            ai, a2i = (x[:K].astype(np.int64) for x in (a, a2))
            bi = b.astype(np.int64)
            c = ai @ bi
            d = c + a2i @ bi
            e = c + bias.astype(np.int64)
            res = [x.astype(np.int32) for x in (c, d, e)]
        else:
            with np.errstate(invalid="ignore"):
                c = np.array([np.sum(a[:K] * b[:, j]) for j in range(N)])
                d = c + np.array([np.sum(a2[:K] * b[:, j]) for j in range(N)])
                e = c + bias
            res = [x.astype(np.float32) for x in (c, d, e)]
        for o, r in zip(OUTS, res):
            r.tofile(os.path.join(out_dir, f"{o}_{t}.expect.bin"))


# Its .acc forms name an accumulator tile apart from the destination: the ISA's c_in + A x B,
# which --arith exact computes; the NPU adds onto the destination instead (docs/semantics.md,
# "The NPU's arithmetic"; cube/matmul_acc_apart).
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
