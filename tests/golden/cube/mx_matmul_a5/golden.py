"""MX matmuls on a5: tmatmul.mx[.acc|.bias] and tgemv.mx[.acc|.bias].

c[i,j] = sum_k a[i,k] b[k,j] 2^(sa[i,k/32] - 127) 2^(sb[k/32,j] - 127) with fp8 a, b (e4m3fn
or e5m2 bytes) and e8m0 scales; K = 48 (b's valid rows), N = 24. The reference sums in float64;
the kernel sums in f32 over ascending k, so floats compare with rtol 1e-5, atol 1e-2 (terms
reach ~1e3; a misplaced scale or block changes results by far more). Planted: sb[1, 5] =
0xff (a NaN scale: column 5 is NaN everywhere), b5[3, 7] = +inf (e5m2 0x7c: column 7 of mm2
and mm3 is +-inf), av[48:64] = e4m3 NaN (beyond K, never read). b's scales are written in the
NN box order of the tile they load into (reference.tiles.mx_box_order); a's 16x2 are one ZZ box,
whose order is row-major.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import mx_box_order  # noqa: E402

K, N = 48, 24


def e4m3(b):
    b = np.asarray(b, np.uint8).astype(np.int64)
    sign = np.where(b & 0x80, -1.0, 1.0)
    e, m = (b >> 3) & 0xF, b & 7
    v = np.where(e == 0, m * 2.0 ** -9, (8 + m) * 2.0 ** (e - 10))
    return np.where((e == 15) & (m == 7), np.nan, sign * v)


def e5m2(b):
    return (np.asarray(b, np.uint16) << 8).astype(np.uint16).view(np.float16).astype(np.float64)


def e8m0(b):
    b = np.asarray(b, np.int64)
    return np.where(b == 255, np.nan, 2.0 ** (b - 127))


def mx(a, sa, b, sb):
    """a: M x K values, sa: M x ceil(K/32) scales, b: K x N, sb: ceil(K/32) x N."""
    blk = np.arange(K) // 32
    with np.errstate(invalid="ignore"):
        terms = (a * sa[:, blk])[:, :, None] * (b * sb[blk, :])[None, :, :]
        return terms.sum(axis=1)


OUTS = [("mm1", 16), ("mm2", 16), ("mm3", 16), ("gv1", 1), ("gv2", 1), ("gv3", 1)]
CASE = {
    "arch": "a5",
    "args": ["a4.bin", "a5.bin", "av.bin", "b4.bin", "b5.bin", "sa.bin", "sb.bin", "sv.bin",
             "bias.bin"] + [f"zeros:{r * N}" for _, r in OUTS],
    "outs": [{"target": str(10 + i), "expect": f"{n}.expect.bin", "dtype": "float32",
              "rtol": 1e-5, "atol": 1e-2} for i, (n, _) in enumerate(OUTS)],
}


def fp8_bytes(rng, shape, exps, ebits):
    sign = rng.integers(0, 2, size=shape) << 7
    e = rng.integers(exps[0], exps[1] + 1, size=shape)
    m = rng.integers(0, 1 << (7 - ebits), size=shape)
    return (sign | (e << (7 - ebits)) | m).astype(np.uint8)


def generate(out_dir):
    rng = np.random.default_rng(6031)
    a4 = fp8_bytes(rng, (16, K), (5, 9), 4)
    a5 = fp8_bytes(rng, (16, K), (13, 17), 5)
    av = fp8_bytes(rng, (1, 64), (5, 9), 4)
    av[0, K:] = 0x7F
    b4 = fp8_bytes(rng, (K, N), (5, 9), 4)
    b5 = fp8_bytes(rng, (K, N), (13, 17), 5)
    b5[3, 7] = 0x7C
    sa = rng.integers(124, 131, size=(16, 2)).astype(np.uint8)
    sb = rng.integers(124, 131, size=(2, N)).astype(np.uint8)
    sb[1, 5] = 0xFF
    sv = rng.integers(124, 131, size=(1, 2)).astype(np.uint8)
    bias = rng.uniform(-100, 100, size=(1, N)).astype(np.float32)

    A4, A5, AV = e4m3(a4), e5m2(a5), e4m3(av)[:, :K]
    B4, B5 = e4m3(b4), e5m2(b5)
    SA, SB, SV = e8m0(sa), e8m0(sb), e8m0(sv)
    mm1 = mx(A4, SA, B4, SB)
    mm2 = mm1 + mx(A5, SA, B5, SB)
    mm3 = mx(A4, SA, B5, SB) + bias
    gv1 = mx(AV, SV, B4, SB)
    gv2 = gv1 + mx(AV, SV, B5, SB)
    gv3 = gv1 + bias
    for name, arr in [("a4", a4), ("a5", a5), ("av", av), ("b4", b4), ("b5", b5), ("sa", sa),
                      ("sb", mx_box_order(sb, zz=False)), ("sv", sv), ("bias", bias)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, arr in [("mm1", mm1), ("mm2", mm2), ("mm3", mm3), ("gv1", gv1), ("gv2", gv2),
                      ("gv3", gv3)]:
        arr.astype(np.float32).tofile(os.path.join(out_dir, f"{name}.expect.bin"))


# Its .acc forms name an accumulator tile apart from the destination: the ISA's c_in + A x B,
# which --arith exact computes; the NPU adds onto the destination instead (docs/semantics.md,
# "The NPU's arithmetic"; cube/matmul_acc_apart).
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
