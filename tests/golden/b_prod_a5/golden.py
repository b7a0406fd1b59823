"""TROWPROD and TCOLPROD on a5: products over the source's valid region, left to right (top
to bottom) in f32 for float tiles and rounded once to the tile type; integers wrap. Planted:
NaN, inf * 0, -0, +-inf, MAX * 2, MIN * -1; other elements from small sets so that products
stay finite but need rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from group_b_ref import TYPES, is_float, narrow, save, widen

# name, type, shape, valid shape, row destination kind ("dn": Rx1 col-major; "nd": valid Rx1),
# spelling ("dps": results and the tmp are arguments)
ROW = [
    ("f16", "f16", (16, 32), (13, 29), "dn", "sync"),
    ("f32", "f32", (8, 16), (8, 11), "nd", "ssa"),
    ("i16", "i16", (16, 16), (14, 16), "dn", "dps"),
    ("i32", "i32", (8, 24), (6, 20), "nd", "sync"),
]
COL = [
    ("f16", "f16", (7, 32), (7, 30), "ssa"),
    ("f32", "f32", (6, 16), (5, 16), "dps"),
    ("i16", "i16", (9, 32), (9, 25), "sync"),
    ("i32", "i32", (5, 8), (4, 7), "ssa"),
    ("bf16", "bf16", (6, 32), (6, 19), "sync"),
    ("u16", "ui16", (5, 16), (5, 16), "dps"),
    ("u32", "ui32", (7, 8), (6, 8), "ssa"),
]


def _row_dst_shape(t, r, kind):
    return (r, 1) if kind == "dn" else (r, 32 // np.dtype(TYPES[t][0]).itemsize)


def _args():
    args = []
    for name, _, (r, c), _, _, form in ROW:
        args.append(f"r_{name}.bin")
        if form == "dps":
            args.append(f"zeros:{r * c}")
    args += [f"c_{c[0]}.bin" for c in COL]
    for name, t, r, kind in [(c[0], c[1], c[2][0], c[4]) for c in ROW if c[5] == "dps"]:
        shape = _row_dst_shape(t, r, kind)
        args.append(f"zeros:{shape[0] * shape[1]}")
    args += [f"zeros:{c[2][1]}" for c in COL if c[4] == "dps"]
    return args


CASE = {
    "arch": "a5",
    "args": _args(),
    "outs": [{"target": f"rp_{c[0]}", "expect": f"rp_{c[0]}.expect.bin", "dtype": TYPES[c[1]][1]}
             for c in ROW] +
            [{"target": f"cp_{c[0]}", "expect": f"cp_{c[0]}.expect.bin", "dtype": TYPES[c[1]][1]}
             for c in COL],
}


def source(t, rng, shape):
    """Lines (rows) of small factors with the edge cases planted in the first lines."""
    r, c = shape
    if is_float(t):
        v = rng.choice([-2.0, -1.5, -1.0, -0.75, 0.5, 1.0, 1.25, 2.0], size=shape)
        v[0, 3] = np.nan
        v[1, 0], v[1, 5] = np.inf, 0.0      # inf * 0 = NaN
        v[2, 2] = -0.0
        v[3, 1] = -np.inf
        return narrow(t, v.astype(np.float32))
    dt = TYPES[t][0]
    info = np.iinfo(dt)
    signed = info.min < 0
    v = rng.choice([-3, -2, -1, 1, 2, 3] if signed else [1, 2, 3], size=shape)
    v = v.astype(object)
    v[0, 0], v[0, 1] = int(info.max), 2
    v[1, 0] = int(info.min) if signed else int(info.max)
    v[1, 1] = -1 if signed else 3
    v[2, 4] = 0
    return np.array(v, dtype=np.int64).astype(dt)


def product(t, line):
    """The product of one line, in the kernel's order and precision."""
    if is_float(t):
        acc = np.float32(line[0])
        with np.errstate(all="ignore"):
            for x in line[1:]:
                acc = np.float32(acc * np.float32(x))
        return narrow(t, np.array([acc]))[0]
    bits = np.dtype(TYPES[t][0]).itemsize * 8
    acc = 1
    for x in line:
        acc = (acc * int(x)) % (1 << bits)
    return narrow(t, np.array([acc - (1 << bits) if acc >= (1 << (bits - 1)) else acc]))[0]


def generate(out_dir):
    rng = np.random.default_rng(632)
    files = {}
    for name, t, shape, (vr, vc), kind, _ in ROW:
        src = source(t, rng, shape)
        wide = widen(t, src)
        expect = np.zeros(_row_dst_shape(t, shape[0], kind), dtype=src.dtype)
        for i in range(vr):
            expect[i, 0] = product(t, wide[i, :vc])
        files[f"r_{name}"], files[f"rp_{name}.expect"] = src, expect
    for name, t, shape, (vr, vc), _ in COL:
        src = source(t, rng, (shape[1], shape[0])).T.copy()  # planted lines become columns
        wide = widen(t, src)
        expect = np.zeros((1, shape[1]), dtype=src.dtype)
        for j in range(vc):
            expect[0, j] = product(t, wide[:vr, j])
        files[f"c_{name}"], files[f"cp_{name}.expect"] = src, expect
    save(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
