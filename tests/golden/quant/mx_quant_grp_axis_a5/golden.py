"""TQUANT.MX's grpAxis forms on a5 and the X-to-ZZ tmov of their exponents (kernel.pto).

The per-group rule is mx_quant_a5's (its golden.py: max |x|, the e8m0 exponent, the scaling,
e4m3 results); here a group is 32 elements of a row (grpAxis axis1) or of a column (axis0), and
its exp/max/scaling go to [i, g] (canonical), to element i * G + g of one row (axis1's flat
form), or to [g, j] (axis0: group g of column j).
The ZZ moves write the cube's 16x2 scale boxes as one byte stream from the destination's start:
ND-to-ZZ box (rb, p) holds rows 16rb..16rb+15 of columns 2p, 2p+1 (row-major inside, rows past
the valid ones 0); DN-to-ZZ box (cb, p) holds e[2p + d][16cb + q] at 2q + d.
"""
import os
import runpy

import numpy as np

_MX = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                  "mx_quant_a5", "golden.py"))
group_scale = _MX["group_scale"]
to_e4m3 = _MX["to_e4m3"]

SEED = 4417


def quantise_group(vals):
    amax = np.float32(np.nan) if np.isnan(vals).any() else np.float32(np.max(np.abs(vals)))
    x, scaling = group_scale(amax)
    with np.errstate(invalid="ignore", over="ignore"):
        q = to_e4m3((vals * scaling).astype(np.float32))
    return x, amax, scaling, q


def quantise(src, axis0):
    """(q, e, m, s) with e, m, s as [groups of rows, groups of columns]."""
    rows, cols = src.shape
    gr, gc = (rows // 32, cols) if axis0 else (rows, cols // 32)
    q = np.zeros(src.shape, np.uint8)
    e, m, s = np.zeros((gr, gc), np.uint8), np.zeros((gr, gc), np.float32), \
        np.zeros((gr, gc), np.float32)
    for i in range(gr):
        for g in range(gc):
            part = (slice(32 * i, 32 * i + 32), g) if axis0 else (i, slice(32 * g, 32 * g + 32))
            e[i, g], m[i, g], s[i, g], q[part] = quantise_group(src[part])
    return q, e, m, s


def nd_to_zz(e, padded_rows):
    rows, cols = e.shape
    full = np.zeros((padded_rows, cols), np.uint8)
    full[:rows] = e
    return full.reshape(padded_rows // 16, 16, cols // 2, 2).transpose(0, 2, 1, 3).reshape(-1)


def dn_to_zz(e):
    rows, cols = e.shape
    return e.reshape(rows // 2, 2, cols // 16, 16).transpose(2, 0, 3, 1).reshape(-1)


def padded(values, shape, dtype):
    out = np.zeros(shape, dtype)
    flat = np.asarray(values, dtype).reshape(-1)
    out.reshape(-1)[:flat.size] = flat
    return out


def sources(rng):
    a = (rng.standard_normal((16, 64)) * 2.0 ** rng.integers(-30, 30, (16, 64))).astype(np.float32)
    a[3, 0:32] = 0.0
    a[5, 40] = np.float32(np.inf)
    b = (rng.uniform(-1, 1, (64, 32)) * 2.0 ** rng.integers(-8, 8, (64, 32))).astype(np.float32)
    b[0:32, 7] = np.float32(1e-40)  # f32 subnormals: exponent 0
    b[40, 3] = np.float32(-500.0)
    c = (rng.standard_normal((20, 128)) * 2.0 ** rng.integers(-12, 12, (20, 128))).astype(np.float32)
    return a, b, c


NAMES = ["qa", "ea", "ma", "sa", "qb", "eb", "mb", "sb", "zb", "qc", "ec", "mc", "sc", "zc"]
KINDS = ["uint8", "uint8", "float32", "float32", "int8", "uint8", "float32", "float32", "uint8",
         "int8", "uint8", "float32", "float32", "uint8"]
ARGS = ["a", "qa", "ea", "ma", "sa", "b", "qb", "eb", "mb", "sb", "tb", "zb",
        "c", "qc", "ec", "mc", "sc", "tc", "zc"]
CASE = {
    "arch": "a5",
    "args": [f"{n}.bin" if n in ("a", "b", "c") else "zeros" for n in ARGS],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": k} for n, k in zip(NAMES, KINDS)],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b, c = sources(rng)
    qa, ea, ma, sa = quantise(a, False)
    qb, eb, mb, sb = quantise(b, True)
    qc, ec, mc, sc = quantise(c, False)
    outs = [qa, ea.reshape(1, -1), ma.reshape(1, -1), padded(sa, (1, 64), np.float32),
            qb, eb, mb, sb, dn_to_zz(eb),
            qc, padded(ec, (32, 4), np.uint8), mc, sc, nd_to_zz(ec, 32)]
    for name, arr in [("a", a), ("b", b), ("c", c)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, arr in zip(NAMES, outs):
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
