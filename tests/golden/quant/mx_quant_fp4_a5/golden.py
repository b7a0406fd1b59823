"""TQUANT.MX on a5 from bf16 and f16 sources to MXFP4 (e2m1 pairs) (kernel.pto).

a: bf16 8x64 and b: f16 8x64, OCP scaling, groups of 32 columns (axis1) in the flat form
(exp/max/scaling tiles of one row, group g of row i at i * 2 + g; the scaling tile has room
for a 256-byte vector, the rest must stay 0). c: bf16 64x32 and d: f16 32x64, NV scaling,
groups of 32 rows (axis0), tiles [M/32, N]. The dst tiles count bytes: two e2m1 codes per
byte, the even element of a row in the low nibble.

The model (reference/mx.py, from the A5 NPU's description). OCP: the max as for MXFP8 (bf16
|max| bits; f16 elements first truncated to bf16, so the max tile holds bf16 patterns);
exp = E - 2 (e2m1's emax) from the max's bf16 exponent field E, 0 when E <= 2, 0xff for NaN
(253 for inf); scaling = 2^(127 - exp) as a bf16 pattern, NaN scaling 0x7fc0. NV: exp from
m = f32(max) * f32(1/6) (the exact f16 max for f16), rounded up unless a power of two; an inf
max gives exp 0xfe and scaling 2^-127 (0x0040). Elements: y = x * scaling (exact, or a
subnormal that maps to a zero code anyway), then the e2m1 code: nearest on 0 0.5 1 1.5 2 3 4
6 with ties to the even code (0.25 -> 0, 0.75 -> 1, 1.25 -> 1, 1.75 -> 2, 2.5 -> 2,
3.5 -> 4, 5 -> 4), |y| >= 6 and inf -> 6 (code 7), the sign kept (-0 and negative
underflow -> 0x8, -inf -> 0xf), NaN -> 0x7 whatever its sign.

Planted: every tie and each code in even and odd positions (the nibble order), saturation
(7, -7, 5.5, 7.5), -0 and negative underflow, NaN groups, inf groups (a finite bf16
1.25 * 2^127 beside inf lands on 2.5 / 1.25, a tie), zero groups, bf16 subnormal sources,
tiny normal maxima at the exp 0 / 1 boundary, the largest bf16, f16 subnormals, an f16 max
(7.996) whose bf16 rounding would change the exponent, NV maxima of exactly 6 * 2^k and the
next value above (6.0039 in f16 tells the exact f16 max from a truncated one).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.mx import (f16_bits, padded_row, quant_case, quantise_group,  # noqa: E402
                          quantise_tile, write_quant_case)
from reference.narrow_float import pack_fp4  # noqa: E402
from reference.numerics import to_bf16  # noqa: E402

SEED = 5119
F32 = np.float32
# With a group max in [4, 8) at scaling 1: ties, saturation, signed zeros and underflow.
TIES = [6.0, 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, -0.25, -0.75, -2.5, -5.0, 7.0, -7.0, 5.5,
        0.1, -0.1, -0.0, 0.0, 1.0, 3.0, 4.0, 1.5, 0.5, -6.0, 4.75, 0.375, 2.25, -1.25, -3.5,
        -1.75, 2.0]
NV_TIES = [v if abs(v) <= 6 else v * 6 / 8 for v in TIES]  # max exactly 6 for NV


def bits(kind, values):
    v = np.asarray(values, np.float64)
    return to_bf16(v.astype(F32)) if kind == "bf16" else f16_bits(v)


def scaled(kind, values, k):
    """values * 2^k as patterns (exact: powers of two inside the format's normal range)."""
    return bits(kind, np.asarray(values, np.float64) * 2.0 ** k)


def filler(rng, kind, peak_bits, n=32, extras=()):
    """n random patterns below |peak| (below 100 for inf/NaN), the peak at a random place."""
    p = np.array([peak_bits], np.uint16)
    peak = float((p.astype(np.uint32) << 16).view(F32)[0]) if kind == "bf16" else \
        float(p.view(np.float16)[0])
    g = bits(kind, rng.uniform(-1, 1, n) * (abs(peak) if np.isfinite(peak) else 100.0))
    g[rng.integers(0, n)] = peak_bits
    for i, b in extras:
        g[i] = b
    return g


def signed_random(rng, lo, hi):
    return (rng.integers(lo, hi, 32) | 0x8000 * rng.integers(0, 2, 32)).astype(np.uint16)


def ocp_groups(rng, kind):
    """(patterns, expected exp) of the OCP groups."""
    nan, inf, ninf = (0x7FC0, 0x7F80, 0xFF80) if kind == "bf16" else (0x7E00, 0x7C00, 0xFC00)
    big = 0x7F20 if kind == "bf16" else 0x7BFF  # 1.25 * 2^127 / 65504
    groups = [
        (bits(kind, TIES), 127),
        (scaled(kind, TIES, -9), 118),
        (bits(kind, np.where(rng.integers(0, 2, 32) == 1, -0.0, 0.0)), 0),
        (filler(rng, kind, nan, extras=[(1, ninf), (2, nan | 0x8005)]), 0xFF),
        (filler(rng, kind, inf, extras=[(5, big), (6, ninf), (7, big | 0x8000)]), 253),
        (filler(rng, kind, bits(kind, [7.5])[0], extras=[(0, bits(kind, [-6.5])[0])]), 127),
    ]
    if kind == "bf16":
        groups += [
            (signed_random(rng, 1, 0x80), 0),                             # subnormals
            (np.concatenate([[0x007F, 0x0010, 0x8030, 0x0030, 0x8010, 0x0001, 0x8001, 0x0050],
                             signed_random(rng, 0, 0x80)[:24]]).astype(np.uint16), 0),
            (filler(rng, kind, 0x0100), 0),                               # 2^-125: E = 2
            (filler(rng, kind, 0x8180), 1),                               # -2^-124: E = 3
            (filler(rng, kind, 0x7F7F), 252),                             # the largest bf16
        ]
    else:
        groups += [
            (signed_random(rng, 1, 0x400), None),                         # subnormals
            (np.concatenate([[0x03FF, 0x0020, 0x8060, 0x0040, 0x8001, 0x0060, 0x8020, 0x0010],
                             signed_random(rng, 0, 0x400)[:24]]).astype(np.uint16), 110),
            (bits(kind, np.concatenate([[7.99609375, 5.0, -2.5, 0.25], rng.uniform(-7, 7, 28)])),
             127),                                   # max 0x47ff -> 0x40ff, exp 127, not 128
            (filler(rng, kind, 0xFBFF), 140),                             # -65504
        ]
    return groups


def nv_groups(rng, kind):
    """(patterns, expected exp) of the NV groups."""
    nan, inf, ninf = (0x7F91, 0x7F80, 0xFF80) if kind == "bf16" else (0x7E10, 0x7C00, 0xFC00)
    six_up = 0x40C1 if kind == "bf16" else 0x4601  # the next value above 6
    groups = [
        (bits(kind, NV_TIES), 127),
        (filler(rng, kind, six_up), 128),
        (filler(rng, kind, six_up | 0x8000, extras=[(0, bits(kind, [6.0])[0])]), 128),
        (bits(kind, [5.0] + list(rng.uniform(-5, 5, 31))), 127),
        (scaled(kind, NV_TIES, -10), 117),
        (scaled(kind, NV_TIES, 13), 140),
        (bits(kind, np.where(rng.integers(0, 2, 32) == 1, -0.0, 0.0)), 0),
        (filler(rng, kind, nan, extras=[(3, nan | 0x8008), (4, inf)]), 0xFF),
        (filler(rng, kind, inf, extras=[(1, 0x7F20 if kind == "bf16" else 0x7BFF),
                                        (2, ninf)]), 0xFE),
    ]
    if kind == "bf16":
        groups += [
            (signed_random(rng, 1, 0x80), 0),                             # subnormals
            (filler(rng, kind, 0x0140), 0),                               # 6 * 2^-127
            (filler(rng, kind, 0x8180), 1),                               # -2^-124
            (filler(rng, kind, 0x7F7F), 253),
            (scaled(kind, NV_TIES, 40), 167),
        ]
    else:
        groups += [
            (filler(rng, kind, 0x03FF), 111),                             # subnormals
            (filler(rng, kind, 0xFBFF), 141),                             # -65504
            (filler(rng, kind, 0x0001), 101),                             # 2^-24
        ]
    return groups


def check(kind, groups, alg):
    for g, want in groups:
        got = quantise_group(kind, g, False, alg)[0]
        assert want is None or got == want, (kind, alg, want, got)
    return [g for g, _ in groups]


def random_bits(rng, kind, shape):
    n = int(np.prod(shape))
    span = 30 if kind == "bf16" else 12
    v = rng.standard_normal(n) * 2.0 ** rng.integers(-span, span, n)
    return bits(kind, v).reshape(shape)


def sources(rng):
    srcs = []
    for kind in ("bf16", "f16"):
        src = random_bits(rng, kind, (8, 64)).reshape(-1)
        for i, g in enumerate(check(kind, ocp_groups(rng, kind), "ocp")):
            src[32 * i:32 * i + 32] = g
        srcs.append(src.reshape(8, 64))
    c = random_bits(rng, "bf16", (64, 32))
    for i, g in enumerate(check("bf16", nv_groups(rng, "bf16"), "nv")):
        c[0:32, 2 * i] = g
        c[32:64, 31 - 2 * i] = g
    d = random_bits(rng, "f16", (32, 64))
    for i, g in enumerate(check("f16", nv_groups(rng, "f16"), "nv")):
        d[:, 4 * i + 1] = g
    return srcs + [c, d]


KINDS = ["uint8", "uint8", "uint16", "uint16"] * 4
NAMES, CASE = quant_case("abcd", KINDS)


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b, c, d = sources(rng)
    outs = []
    for kind, src in (("bf16", a), ("f16", b)):
        q, e, m, s = quantise_tile(kind, src, fp8=False)
        outs += [pack_fp4(q), e.reshape(1, -1), m.reshape(1, -1), padded_row(s, 128, np.uint16)]
    for kind, src in (("bf16", c), ("f16", d)):
        q, e, m, s = quantise_tile(kind, src, fp8=False, alg="nv", axis=0)
        outs += [pack_fp4(q), e, m, s]
    write_quant_case(out_dir, {"a": a, "b": b, "c": c, "d": d}, NAMES, outs)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
