"""TQUANT.MX on a5 in PTOAS's deprecated fused form (kernel.pto): outs(dst, exp, max,
scaling, exp_zz) with storeMode = nz, f32 -> MXFP8, OCP, groups of 32 columns (axis1) in
the flat form (exp/max/scaling tiles of one row, group g of row i at i * C/32 + g).

exp_zz holds the same exponents reordered into the cube's 16x2 ZZ boxes (pto-isa's
ReorderExponentZZ, the only implementation of this form): with e[i, g] the exponent of
row i's group g, for each band of 16 rows, for each pair of groups (2p, 2p + 1), the 16 rows
x 2 groups row by row, as one byte stream. a: 16x64 (2 groups a row: one box, the same
order as exp). b: 16x128 (4 groups a row: two boxes, exp_zz = e[:, 0:2] then e[:, 2:4]);
b has 2048 elements, so the NPU's flat f32 loop unrolls and writes each group's scaling
twice (elements 2g, 2g + 1 of a 128-element tile), as the four-output form does.

The rest is the f32 OCP model of docs/semantics.md (reference/mx.py): max |x| (NaN if any
NaN); exp = E - 8 from the f32 exponent field E of the max (0 when E <= 8, 0xff for NaN,
247 for inf); scaling = 2^(127 - exp); dst = e4m3(x * scaling), nearest even, saturating to
+-448, NaN -> 0x7f. Each group gets its own power of two, so a misplaced exponent shows.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.mx import (padded_row, quant_case, quantise_tile,  # noqa: E402
                          write_quant_case, zz_exp)

SEED = 3301


def source(rng, rows, cols):
    k = rng.integers(-60, 60, (rows, cols // 32))
    v = rng.uniform(-1, 1, (rows, cols)) * 2.0 ** np.repeat(k, 32, axis=1)
    src = v.astype(np.float32)
    src[2, 32:64] = 0.0
    src[3, 40] = np.float32(np.nan)
    src[5, 3] = np.float32(-np.inf)
    src[9, 0:32] = np.float32(1e-40)  # f32 subnormals: exp 0
    return src


KINDS = ["uint8", "uint8", "float32", "float32", "uint8"] * 2
NAMES, CASE = quant_case("ab", KINDS, results="qemsz")


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b = source(rng, 16, 64), source(rng, 16, 128)
    qa, ea, ma, sa = quantise_tile("f32", a)
    qb, eb, mb, sb = quantise_tile("f32", b)
    outs = [qa, ea.reshape(1, -1), ma.reshape(1, -1), padded_row(sa, 64, np.float32),
            zz_exp(ea).reshape(1, -1),
            qb, eb.reshape(1, -1), mb.reshape(1, -1),
            np.repeat(sb.reshape(-1), 2).reshape(1, -1),  # unrolled: each scaling twice
            zz_exp(eb).reshape(1, -1)]
    write_quant_case(out_dir, {"a": a, "b": b}, NAMES, outs)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
