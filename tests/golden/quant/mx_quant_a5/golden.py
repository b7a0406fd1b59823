"""TQUANT.MX on a5: f32 -> MXFP8 (e4m3fn) with one e8m0 exponent per 32 columns of a row.

Reference of the OCP MX rule as the A5 vector unit computes it (docs/semantics.md "MX
quantisation"), written from the definitions, independently of the kernel:
  m = max |x| over the group (NaN if the group holds a NaN);
  E = floor(log2 m) + 127 (the f32 exponent field; 255 for +inf); exp = E - 8 (e4m3's emax),
      or 0 when E <= 8 (zeros, tiny values, f32 subnormals), or 0xff when m is NaN;
  scaling = 2^(127 - exp) (NaN for exp 0xff);
  q = e4m3(f32(x * scaling)): nearest, ties to even, |.| >= 448 (and inf) -> +-448, NaN -> 0x7f.
Only the valid region is read and written; the groups of a row are cut at the valid width.

a (DPS form, PTOAS's i8/ui8 spelling): 4x96, valid 3x64 (two groups of 32 columns; the values
planted in columns 64..95 lie outside);
planted: zeros and -0, a NaN group, +inf and -inf groups, values that saturate, f32 subnormals
(their products land in e4m3's subnormals), huge values, and NaN beyond the valid region.
b (SSA form, ui8 bytes): 2x64 fully valid; scaled values at exact e4m3 midpoints
(ties to even), subnormal midpoints, and random values over many decades.
c (sync form): 2x32 of b's first columns, results 2x32 / 2x1.
exp, max and scaling hold [rows, groups] (their tiles may have more rows).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_e4m3  # noqa: E402

SEED = 9031
INF, NAN = np.float32(np.inf), np.float32(np.nan)


def group_scale(m):
    """(exp, scaling) of a group from its largest magnitude m (a float32)."""
    if np.isnan(m):
        return 0xFF, NAN
    if np.isinf(m):
        biased = 255
    elif m == 0:
        biased = 0
    else:
        _, k = np.frexp(np.float64(m))  # m = f * 2^k with 0.5 <= f < 1: floor(log2 m) = k - 1
        biased = max(k - 1 + 127, 0)
    x = biased - 8 if biased > 8 else 0
    return x, np.float32(2.0 ** (127 - x))


def quantise(src, vrows, vcols, q, e, m, s):
    """Writes the results of the valid region into the (zeroed) result tiles."""
    for i in range(vrows):
        for g in range((vcols + 31) // 32):
            grp = src[i, g * 32:min(vcols, g * 32 + 32)]
            amax = NAN if np.isnan(grp).any() else np.float32(np.max(np.abs(grp)))
            x, scaling = group_scale(amax)
            e[i, g], m[i, g], s[i, g] = x, amax, scaling
            with np.errstate(invalid="ignore", over="ignore"):
                q[i, g * 32:g * 32 + grp.size] = to_e4m3((grp * scaling).astype(np.float32))


def source_a(rng):
    a = (rng.standard_normal((4, 96)) * 2.0 ** rng.integers(-20, 20, (4, 96))).astype(np.float32)
    a[0, 0:32] = rng.uniform(-8, 8, 32)
    a[0, 0:8] = [0.0, -0.0, -3.0, 1.9 * 8, -1.8 * 8, 7.5, 0.01, -0.0002]  # 15.2 saturates
    a[0, 40] = NAN  # group (0, 1) is NaN throughout
    a[0, 64:80] = rng.uniform(-2, 2, 16)
    a[0, 70] = INF  # scaling 2^-120: the rest flush to (signed) zero
    a[0, 80:96] = NAN  # beyond the valid width, in the same 32-column group
    a[1, 0:32] = 0.0
    a[1, 3] = -0.0
    a[1, 32:64] = np.float32(1e-40) * rng.uniform(-1, 1, 32)  # f32 subnormals: exp 0
    a[1, 33] = np.float32(2.0 ** -120)  # 2^-120 * 2^127 = 128
    a[1, 64:80] = [1.0, 2.0 ** -15, -(2.0 ** -16), 3 * 2.0 ** -19, 2.0 ** -19, -(5 * 2.0 ** -18),
                   0.999, 1.0625, -1.1875, 0.96875, 2.0 ** -17, 0.5, -0.25, 1e-30, -1e-30, 0.0]
    a[2, 0:32] = rng.uniform(-100, 100, 32)
    a[2, 5] = -INF
    a[2, 32:64] = rng.uniform(-3e38, 3e38, 32)  # exp 246
    a[2, 64:80] = rng.uniform(-1, 1, 16) * np.float32(2.0 ** 100)
    a[3, :] = NAN  # beyond the valid rows
    return a.astype(np.float32)


def source_b(rng):
    b = (rng.uniform(-1, 1, (2, 64)) * 2.0 ** rng.integers(-12, 12, (2, 64))).astype(np.float32)
    # Row 0, group 0: max 256 (exp 127, scaling 1): exact e4m3 midpoints and saturation.
    b[0, 0:16] = [256.0, 1.0625, 1.1875, -1.0625, 272.0, 464.0, -480.0, 2.0 ** -10,
                  3 * 2.0 ** -10, -(3 * 2.0 ** -10), 5 * 2.0 ** -10, 0.015625 - 2.0 ** -10,
                  2.0 ** -6 + 2.0 ** -10, 240.0 + 8.0, 0.0, -0.0]
    b[0, 16:32] = np.clip(b[0, 16:32], -200, 200)
    # Row 1, group 1: max just below a power of two (rounds up to 448 after scaling).
    b[1, 32:64] = rng.uniform(-1, 1, 32).astype(np.float32)
    b[1, 40] = np.float32(0.99999)
    return b.astype(np.float32)


def results(src, shape_q, vrows, vcols, aux_cols):
    q = np.zeros(shape_q, np.uint8)
    e = np.zeros((shape_q[0], aux_cols[0]), np.uint8)
    m = np.zeros((shape_q[0], aux_cols[1]), np.float32)
    s = np.zeros((shape_q[0], aux_cols[1]), np.float32)
    quantise(src, vrows, vcols, q, e, m, s)
    return q, e, m, s


NAMES = ["qa", "ea", "ma", "sa", "qb", "eb", "mb", "sb", "qc", "ec", "mc", "sc"]
KINDS = ["int8", "uint8", "float32", "float32"] + ["uint8", "uint8", "float32", "float32"] * 2
CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "c.bin", "zeros", "zeros", "zeros", "zeros"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": k} for n, k in zip(NAMES, KINDS)],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b = source_a(rng), source_b(rng)
    c = b[0:2, 0:32].copy()
    outs = results(a, (4, 96), 3, 64, (2, 2))
    outs += results(b, (2, 64), 2, 64, (2, 2))
    outs += results(c, (2, 32), 2, 32, (1, 1))
    for name, arr in [("a", a), ("b", b), ("c", c)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, arr in zip(NAMES, outs):
        arr.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
