"""TQUANT.MX on a5, groups of 32 rows (axis0) with interleave = true (kernel.pto).

Interleave changes only where the exponents go: with e[j, c] the exponent of row group j
(rows 32j..32j+31) of column c, the exp tile [M/64, align32(2 * source columns)] holds
E[p, 2c + d] = e[2p + d, c], the two row groups of each 64 rows side by side per column; max
and scaling stay [M/32, N] (group j of column c at [j, c]) and dst is the source's shape.

a: bf16 64x32, MXFP8, OCP (exp 1x64). b: bf16 128x48, OCP (exp 2x96). c: f16 128x32 with NV
scaling (exp 2x64). The per-group rule is reference/mx.py's (from the A5 NPU's
description): OCP exp = E - 8 from the max's bf16 exponent field (f16 elements truncated to
bf16 for the max), NV exp from f32(max) * f32(1/448) rounded up unless a power of two;
scaling 2^(127 - exp) as bf16 patterns; dst = e4m3(x * scaling), nearest even, saturating.
Every group is scaled by its own power of two, so each exponent differs from its neighbours
and a misplaced one shows; zero, NaN and inf groups are planted too.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.mx import (f16_bits, interleave_exp, quant_case,  # noqa: E402
                          quantise_tile, write_quant_case)
from reference.numerics import to_bf16  # noqa: E402

SEED = 8233


def source(rng, kind, rows, cols):
    """Random values, each group of 32 rows of a column times 2^k with its own k."""
    span = 40 if kind == "bf16" else 6
    k = rng.integers(-span, span, (rows // 32, cols))
    v = rng.uniform(-1, 1, (rows, cols)) * 2.0 ** np.repeat(k, 32, axis=0)
    src = to_bf16(v.astype(np.float32)) if kind == "bf16" else f16_bits(v)
    zero, nan, inf = 0, (0x7FC1 if kind == "bf16" else 0x7E01), (0xFF80 if kind == "bf16"
                                                                 else 0xFC00)
    src[0:32, 1] = zero
    src[32:64, 2] = src[32:64, 2] & 0x8000  # signed zeros
    src[40, 3] = nan
    src[70 % rows, 4] = inf
    src[5, 5] = inf
    src[6, 5] = nan  # NaN beats inf
    return src


KINDS = ["uint8", "uint8", "uint16", "uint16"] * 3
NAMES, CASE = quant_case("abc", KINDS)


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a = source(rng, "bf16", 64, 32)
    b = source(rng, "bf16", 128, 48)
    c = source(rng, "f16", 128, 32)
    outs = []
    for kind, src, alg, exp_cols in (("bf16", a, "ocp", 64), ("bf16", b, "ocp", 96),
                                     ("f16", c, "nv", 64)):
        q, e, m, s = quantise_tile(kind, src, alg=alg, axis=0)
        outs += [q, interleave_exp(e, exp_cols), m, s]
    write_quant_case(out_dir, {"a": a, "b": b, "c": c}, NAMES, outs)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
