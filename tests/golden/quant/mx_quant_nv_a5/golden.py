"""TQUANT.MX on a5 with NV scaling (quantScaleAlg = nv), MXFP8 (e4m3) (kernel.pto).

a: f32 16x64, groups of 32 columns (axis1) in the canonical form (exp/max/scaling [16, 2]).
b: f32 40x32, axis1 flat (tiles of one row) with the loop the NPU unrolls for an f32 source
of more than 1024 elements, a multiple of 256: exp and max hold group g at element g, the
scaling tile holds every group's scaling twice (elements 2g and 2g + 1), 80 of its 128.
c: bf16 64x32 and d: f16 32x64, groups of 32 rows (axis0), tiles [M/32, N].

The NV rule (reference/mx.py, from the A5 NPU's description): max = the group's |max| (f32:
NaN if any NaN; bf16 and f16: the largest magnitude pattern, f16 exact, not made bf16, NaN
payload kept); m = f32(max) * f32(1/448), rounded once to nearest even; exp = m's exponent
field, plus one unless m is an exact power of two (a subnormal m rounds up only above
2^-127), so 448 * 2^k gives exp 127 + k and anything just above it one more; scaling =
2^(127 - exp) (f32 in f32 tiles, a bf16 pattern in bf16 and f16 tiles); an inf max gives
exp 0xfe and scaling 2^-127 (subnormal: 0x00400000, bf16 0x0040), a NaN max exp 0xff and
scaling NaN (bf16 0x7f81); dst = e4m3(f32(x) * scaling), nearest even, saturating to
+-448, NaN -> 0x7f.

Planted: maxima of exactly 448 * 2^k (no round-up) for several k, the next value above
(round-up: 448.25 in f16 tells the exact f16 max from a bf16-truncated one), values just
below, inf groups (a finite 3e38 beside the inf survives the 2^-127 scaling), NaN groups,
zero groups, tiny maxima whose m is subnormal (2^-120: exp 0; 2^-118: exp 1; 448 * 2^-127:
m exactly 2^-127, exp 0), f32 and bf16 subnormal sources, f16 subnormals, the f16 max 65504.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.mx import (f16_bits, padded_row, quant_case, quantise_group,  # noqa: E402
                          quantise_tile, write_quant_case)
from reference.numerics import to_bf16  # noqa: E402

SEED = 7349
F32 = np.float32


def f32_group(rng, peak, with_=()):
    """32 f32 values below |peak| (random signs; below 100 for inf and NaN), peak at a random
    place, then the extras (index, value)."""
    g = (rng.uniform(-1, 1, 32) * (abs(peak) if np.isfinite(peak) else 100.0)).astype(F32)
    g[rng.integers(0, 32)] = peak
    for i, v in with_:
        g[i] = v
    return g


def f32_groups(rng):
    """(group, expected exp) pairs: the NV exponent each plant is meant to hit."""
    above = lambda v: np.nextafter(F32(v), F32(np.inf))  # noqa: E731
    below = lambda v: np.nextafter(F32(v), F32(0))  # noqa: E731
    inf = F32(np.inf)
    return [
        (f32_group(rng, F32(448.0)), 127),
        (f32_group(rng, F32(-448.0 * 2 ** 10)), 137),
        (f32_group(rng, F32(448.0 * 2 ** -20)), 107),
        (f32_group(rng, above(448.0)), 128),
        (f32_group(rng, -above(448.0 * 2 ** 5)), 133),
        (f32_group(rng, below(448.0)), 127),
        (f32_group(rng, F32(447.0) * F32(2 ** 60)), 187),
        (f32_group(rng, inf, with_=[(3, F32(3e38)), (4, -inf), (5, F32(-1.0))]), 0xFE),
        (f32_group(rng, F32(np.nan), with_=[(0, inf), (1, F32(2.0))]), 0xFF),
        (np.where(rng.integers(0, 2, 32) == 1, F32(-0.0), F32(0.0)).astype(F32), 0),
        (f32_group(rng, F32(2.0 ** -120)), 0),
        (f32_group(rng, F32(-(2.0 ** -118))), 1),
        (f32_group(rng, F32(448.0 * 2 ** -127)), 0),
        (f32_group(rng, F32(448.0 * 2 ** -126)), 1),
        (f32_group(rng, F32(1e-40), with_=[(2, F32(-3e-41))]), 0),  # f32 subnormals
        (f32_group(rng, F32(3e38)), 0xF7),
    ]


def planted(rng, peak, encode, peak_bits, extra):
    """32 16-bit patterns (encode of values below |peak|, or 100 when it is not finite), the
    pattern peak_bits at a random element, then each (index, pattern) of extra."""
    g = encode(rng.uniform(-1, 1, 32) * (abs(peak) if np.isfinite(peak) else 100.0))
    g[rng.integers(0, 32)] = peak_bits
    for i, b in extra:
        g[i] = b
    return g


def bf16_groups(rng):
    """(bf16 patterns, expected exp) pairs."""
    def grp(peak_bits, extra=()):
        return planted(rng, float(bf16_to_f32(peak_bits)), lambda v: to_bf16(v.astype(F32)),
                       peak_bits, extra)
    return [
        (grp(0x43E0), 127),                                 # 448
        (grp(0x43E1), 128),                                 # 450: round-up
        (grp(0xC3E0 - (100 << 7)), 27),                     # -448 * 2^-100
        (grp(0x43E1 - (100 << 7)), 28),
        (grp(0x43E0 + (100 << 7)), 227),                    # 448 * 2^100
        (grp(0x43DF), 127),                                 # 446, just below
        (grp(0x7F80, [(2, 0x7F62), (3, 0xFF80), (4, 0x3F80)]), 0xFE),  # inf, 3.0e38, -inf, 1
        (grp(0x7F91, [(5, 0xFFA0), (6, 0x7F80)]), 0xFF),    # NaN: max 0x7fa0
        (np.where(rng.integers(0, 2, 32) == 1, 0x8000, 0).astype(np.uint16), 0),  # zeros
        (rng.integers(1, 0x80, 32).astype(np.uint16) | 0x8000 * rng.integers(0, 2, 32).astype(
            np.uint16), 0),                                 # subnormals
        (grp(0x0480), 1),                                   # 2^-118
        (grp(0x8460), 0),                                   # -448 * 2^-127: m = 2^-127
        (grp(0x0380), 0),                                   # 2^-120
        (grp(0x7F7F), 0xF7),                                # the largest finite bf16
    ]


def bf16_to_f32(b):
    return (np.array([b], np.uint32) << 16).view(F32)[0]


def f16_groups(rng):
    """(f16 patterns, expected exp) pairs."""
    def grp(peak_bits, extra=()):
        peak = float(np.array([peak_bits], np.uint16).view(np.float16)[0])
        return planted(rng, peak, f16_bits, peak_bits, extra)
    return [
        (grp(0x5F00), 127),                                 # 448
        (grp(0x5F01), 128),                                 # 448.25: the exact f16 max rounds up
        (grp(0xB700), 117),                                 # -448 * 2^-10
        (grp(0x7300), 132),                                 # 448 * 2^5
        (grp(0xF301), 133),                                 # -14344
        (grp(0x5EFF), 127),                                 # 447.75
        (grp(0x7C00, [(1, 0x7BFF), (2, 0xFC00)]), 0xFE),    # inf, 65504, -inf
        (grp(0x7E10, [(3, 0xFE05), (4, 0x7C00)]), 0xFF),    # NaN: max 0x7e10
        (np.where(rng.integers(0, 2, 32) == 1, 0x8000, 0).astype(np.uint16), 0),  # zeros
        (rng.integers(1, 0x400, 32).astype(np.uint16) | 0x8000 * rng.integers(0, 2, 32).astype(
            np.uint16), None),                              # subnormals
        (grp(0x03FF), 105),                                 # 1023 * 2^-24
        (grp(0xFBFF), 135),                                 # -65504
        (grp(0x0001), 95),                                  # 2^-24
    ]


def check(kind, groups, fp8=True):
    for g, want in groups:
        got = quantise_group(kind, g, fp8, "nv")[0]
        assert want is None or got == want, (kind, want, got)


def sources(rng):
    fg = f32_groups(rng)
    check("f32", fg)
    a = (rng.standard_normal((16, 64)) * 2.0 ** rng.integers(-40, 40, (16, 64))).astype(F32)
    for i, (g, _) in enumerate(fg):
        a.reshape(-1)[64 * i + 32:64 * i + 64] = g  # the second group of each row
    b = (rng.standard_normal((40, 32)) * 2.0 ** rng.integers(-40, 40, (40, 32))).astype(F32)
    for i, (g, _) in enumerate(fg):
        b[2 * i + 1] = g  # odd rows
    bg = bf16_groups(rng)
    check("bf16", bg)
    c = to_bf16((rng.standard_normal((64, 32)) *
                 2.0 ** rng.integers(-30, 30, (64, 32))).astype(F32))
    for i, (g, _) in enumerate(bg):
        c[0:32, 2 * i] = g
        c[32:64, 31 - 2 * i] = g
    hg = f16_groups(rng)
    check("f16", hg)
    d = f16_bits(rng.standard_normal((32, 64)) * 2.0 ** rng.integers(-12, 12, (32, 64)))
    for i, (g, _) in enumerate(hg):
        d[:, 5 * i] = g
    return a, b, c, d


KINDS = ["int8", "uint8", "float32", "float32", "uint8", "uint8", "float32", "float32"] + \
    ["uint8", "uint8", "uint16", "uint16"] * 2
NAMES, CASE = quant_case("abcd", KINDS)


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b, c, d = sources(rng)
    qa, ea, ma, sa = quantise_tile("f32", a, alg="nv")
    qb, eb, mb, sb = quantise_tile("f32", b, alg="nv")
    outs = [qa.view(np.int8), ea, ma, sa,
            qb, padded_row(eb, 64, np.uint8), padded_row(mb, 64, F32),
            padded_row(np.repeat(sb.reshape(-1), 2), 128, F32)]  # unrolled: each scaling twice
    outs += list(quantise_tile("bf16", c, alg="nv", axis=0))
    outs += list(quantise_tile("f16", d, alg="nv", axis=0))
    write_quant_case(out_dir, {"a": a, "b": b, "c": c, "d": d}, NAMES, outs)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
