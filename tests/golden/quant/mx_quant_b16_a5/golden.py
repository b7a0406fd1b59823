"""TQUANT.MX on a5 from bf16 and f16 sources to MXFP8 (e4m3), OCP scaling (kernel.pto).

a: bf16 8x64 and b: f16 6x96, groups of 32 columns along each row (axis1) in the flat form
(exp, max and scaling tiles of one row: group g of row i at element i * C/32 + g; the
scaling tile has room for a whole 256-byte vector, only the groups are compared against
values, the rest must stay 0). c: bf16 64x32 and d: f16 32x48, groups of 32 rows down each
column (axis0, group j of column k at [j, k]).

The model (reference/mx.py, from the A5 NPU's description): the group max is an unsigned
max of the magnitude bits (bf16: exact |max|, NaN payload kept, a NaN beats inf; f16: each
element first made bf16 by truncation, inf -> 0x7f80, NaN -> 0x7fc0, so the f16 max tile
holds bf16 patterns); exp = E - 8 from the max's bf16 exponent field E (0 when E <= 8, 0xff
for NaN, 247 for inf); scaling = 2^(127 - exp) as a bf16 pattern (0x7f81 for NaN), stored
in the source-typed tile even for f16; dst = e4m3(f32(x) * scaling), nearest even,
saturating to +-448, NaN -> 0x7f. max and scaling are compared as raw 16-bit patterns.

Planted: zero groups (with -0), NaN groups (payloads, a negative NaN, an inf beside them),
inf groups (with large finite values that survive the 2^-120 scaling), values that saturate
to 448, exact e4m3 ties (normal and subnormal, at scaling 1 and at a larger scaling), bf16
subnormal sources (exp 0, scaling 2^127), a tiny normal max (E <= 8), the largest bf16
exponents, f16 subnormals (exp 95, scaling 2^32 = 0x4f80), and f16 maxima whose bf16
truncation changes the mantissa (0x3c01 -> 0x3f80) or would change the exponent if it
rounded (255.875 -> 0x437f: exp 126, not 127; 1023 * 2^-24 -> 0x387f).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.mx import (bf16_exact, f16_bits, padded_row, quant_case,  # noqa: E402
                          quantise_tile, write_quant_case)
from reference.numerics import to_bf16  # noqa: E402

SEED = 6021
TIES = [256.0, 1.0625, 1.1875, -1.0625, 272.0, 304.0, -304.0, 2.0 ** -10, 3 * 2.0 ** -10,
        -(3 * 2.0 ** -10), 5 * 2.0 ** -10, 2.0 ** -6 + 2.0 ** -10, 248.0, 0.0, -0.0, 400.0,
        -(7 * 2.0 ** -10), 1.4375, 24.5, -0.01171875]


def rand_values(rng, n, lo=-30, hi=30):
    return rng.standard_normal(n) * 2.0 ** rng.integers(lo, hi, n)


def bf_exact(v):
    return bf16_exact(np.asarray(v, np.float32))


def bf16_groups(rng):
    """Planted bf16 groups (32 patterns each)."""
    bf = lambda v: to_bf16(np.asarray(v, np.float32))  # noqa: E731
    groups = []
    g = bf(np.zeros(32))
    g[[3, 17, 30]] = 0x8000  # -0
    groups.append(g)  # zeros
    g = bf(rng.uniform(-50, 50, 32))
    g[3], g[10], g[20] = 0x7FA1, 0xFFC5, 0x7F80  # NaN, a larger -NaN, +inf: max 0x7fc5
    groups.append(g)
    g = bf(rng.uniform(-4, 4, 32))
    g[0], g[7] = 0x7F80, 0xFF80  # +-inf: exp 247, scaling 2^-120
    g[12:15] = bf([1e38, -2.5e38, 2.0 ** -100])
    groups.append(g)
    g = bf(rng.uniform(-400, 400, 32))
    g[0:7] = bf_exact([480.0, -464.0, 456.0, 450.0, -450.0, 440.0, 452.0])  # saturate
    groups.append(g)
    ties = np.concatenate([TIES, rng.uniform(-200, 200, 32 - len(TIES))])
    g = bf(ties)
    g[0:len(TIES)] = bf_exact(TIES)
    groups.append(g)  # max 400: exp 127, scaling 1
    g = groups[-1].copy()
    nz = (g & 0x7FFF) != 0
    g[nz] -= np.uint16(20 << 7)  # the same group times 2^-20: exp 107, scaling 2^20
    groups.append(g)
    g = rng.integers(1, 0x7F, 32).astype(np.uint16) | (rng.integers(0, 2, 32) << 15).astype(
        np.uint16)
    g[5] = 0x807F  # subnormals only: exp 0, scaling 2^127
    groups.append(g)
    g = rng.integers(0, 0x7F, 32).astype(np.uint16)
    g[9] = 0x0380  # 2^-120 (E = 7 <= 8): exp 0, 2^-120 * 2^127 = 128
    g[10] = 0x8190  # -1.125 * 2^-124
    groups.append(g)
    g = bf(rng.uniform(-1, 1, 32) * 2.0 ** -119)
    g[4] = 0x0480  # 2^-118 (E = 9): exp 1, scaling 2^126
    groups.append(g)
    g = bf(rng.uniform(-3e38, 3e38, 32))
    g[6] = 0x7F7F  # the largest finite bf16: exp 246, scaling 2^-119
    groups.append(g)
    g = bf(-np.abs(rand_values(rng, 32, -8, 8)))  # all negative
    groups.append(g)
    g = bf(rng.choice([2.0 ** -20, -(2.0 ** -20), 2.0 ** -12], 32))
    g[11] = bf_exact([1.0])[0]  # tiny elements flush to signed zeros
    groups.append(g)
    return groups


def f16_groups(rng):
    """Planted f16 groups (32 patterns each)."""
    groups = []
    g = f16_bits(np.zeros(32))
    g[[1, 8]] = 0x8000
    groups.append(g)  # zeros
    g = f16_bits(rng.uniform(-50, 50, 32))
    g[2], g[9], g[15] = 0x7E01, 0xFC01, 0x7C00  # NaN, -sNaN, +inf: max 0x7fc0
    groups.append(g)
    g = f16_bits(rng.uniform(-1000, 1000, 32))
    g[4], g[5] = 0xFC00, 0x7BFF  # -inf (max 0x7f80, exp 247) and 65504 (-> +0)
    groups.append(g)
    g = f16_bits(rng.uniform(-400, 400, 32))
    g[0:7] = f16_bits([480.0, -464.0, 456.0, 450.0, -450.0, 440.0, 449.0])
    groups.append(g)
    ties = TIES + [1.03125, -1.09375, 2.0 ** -9 + 2.0 ** -11]
    g = f16_bits(np.concatenate([ties, rng.uniform(-200, 200, 32 - len(ties))]))
    groups.append(g)  # max 400: exp 127, scaling 1
    g = f16_bits(np.concatenate([np.asarray(ties) * 2.0 ** -8,
                                 rng.uniform(-0.75, 0.75, 32 - len(ties))]))
    groups.append(g)  # max 400 * 2^-8: exp 119, scaling 2^8
    g = rng.integers(1, 0x3FF, 32).astype(np.uint16) | (rng.integers(0, 2, 32) << 15).astype(
        np.uint16)
    g[3] = 0x83FF  # f16 subnormals, max 1023 * 2^-24 -> bf16 0x387f (rounding would give 0x3880)
    groups.append(g)
    g = f16_bits(np.concatenate([[255.875, 200.0, 1.5, -100.25, -255.75],
                                 rng.uniform(-255, 255, 27)]))
    groups.append(g)  # max 0x5bff -> 0x437f: exp 126 (255.875 * 2 = 511.75 -> 448; 400 -> 384)
    g = f16_bits(np.concatenate([[1.0 + 2.0 ** -10, -(1.0 + 2.0 ** -9)], rng.uniform(-1, 1, 30)]))
    groups.append(g)  # max 0x3c02 -> bf16 0x3f80 (mantissa lost), exp 119
    g = np.zeros(32, np.uint16)
    g[[0, 5]], g[7] = 0x0001, 0x8001  # max 2^-24: exp 95, scaling 2^32 (0x4f80)
    groups.append(g)
    g = f16_bits(rng.uniform(-60000, 60000, 32))
    g[13] = 0xFBFF  # -65504 -> 0x477f: exp 134, scaling 2^-7
    groups.append(g)
    g = f16_bits(-np.abs(rand_values(rng, 32, -12, 12)))  # all negative
    groups.append(g)
    return groups


def random_bits(rng, kind, shape):
    v = rand_values(rng, int(np.prod(shape)), -20, 20) if kind == "bf16" else \
        rand_values(rng, int(np.prod(shape)), -14, 14)
    return (to_bf16(v.astype(np.float32)) if kind == "bf16" else f16_bits(v)).reshape(shape)


def along_rows(rng, kind, shape, groups):
    """A source whose first groups (row-major order of groups of 32 columns) are planted."""
    src = random_bits(rng, kind, shape)
    flat = src.reshape(-1)
    for i, g in enumerate(groups):
        flat[32 * i:32 * i + 32] = g
    return src


def down_columns(rng, kind, shape, placed):
    """A source with planted groups of 32 rows: placed maps (row group, column) to a group."""
    src = random_bits(rng, kind, shape)
    for (j, c), g in placed.items():
        src[32 * j:32 * j + 32, c] = g
    return src


def sources(rng):
    bg, fg = bf16_groups(rng), f16_groups(rng)
    a = along_rows(rng, "bf16", (8, 64), bg)
    b = along_rows(rng, "f16", (6, 96), fg)
    # axis0: the planted groups in columns 0.. of row group 0 and, reversed, in columns
    # 31, 29, ... of row group 1.
    placed = {(0, i): g for i, g in enumerate(bg)}
    placed.update({(1, 31 - 2 * i): g for i, g in enumerate(bg)})
    c = down_columns(rng, "bf16", (64, 32), placed)
    d = down_columns(rng, "f16", (32, 48), {(0, 3 * i + 1): g for i, g in enumerate(fg)})
    return a, b, c, d


KINDS = ["uint8", "uint8", "uint16", "uint16"] * 3 + ["int8", "uint8", "uint16", "uint16"]
NAMES, CASE = quant_case("abcd", KINDS)


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b, c, d = sources(rng)
    outs = []
    for kind, src, scaling_cols in (("bf16", a, 128), ("f16", b, 128)):
        q, e, m, s = quantise_tile(kind, src)
        outs += [q, e.reshape(1, -1), m.reshape(1, -1), padded_row(s, scaling_cols, np.uint16)]
    for kind, src in (("bf16", c), ("f16", d)):
        outs += list(quantise_tile(kind, src, axis=0))
    outs[12] = outs[12].view(np.int8)
    write_quant_case(out_dir, {"a": a, "b": b, "c": c, "d": d}, NAMES, outs)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
