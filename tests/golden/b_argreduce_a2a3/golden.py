"""TROWARGMAX TROWARGMIN TCOLARGMAX TCOLARGMIN on a2a3: index of the first extreme of each row
(column) of the valid region; ties keep the first index; a NaN is the extreme (the first
NaN); -0 and +0 tie. Planted: ties, NaNs, +-inf, -0/+0, MIN/MAX integers."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from group_b_ref import TYPES, is_float, narrow, save, widen

# name, instruction, source type, shape, valid shape, index type, destination kind
# ("dn": Rx1 col-major, "nd": Rx8 with valid Rx1, "row": 1xC), spelling ("dps": arguments)
CASES = [
    ("rmax_f32", "trowargmax", "f32", (8, 32), (7, 30), "i32", "dn", "sync"),
    ("rmin_f16", "trowargmin", "f16", (16, 32), (16, 19), "ui32", "nd", "ssa"),
    ("cmax_i32", "tcolargmax", "i32", (9, 16), (9, 16), "ui32", "row", "dps"),
    ("cmin_i16", "tcolargmin", "i16", (6, 32), (5, 24), "i32", "row", "sync"),
    ("cmax_f16", "tcolargmax", "f16", (7, 16), (7, 16), "i32", "row", "ssa"),
    ("cmin_f32", "tcolargmin", "f32", (10, 8), (9, 8), "ui32", "row", "dps"),
]


def dst_shape(kind, r, c):
    return {"dn": (r, 1), "nd": (r, 8), "row": (1, max(c, 8))}[kind]


def _args():
    args = []
    for name, _, _, (r, c), _, _, kind, form in CASES:
        args.append(f"s_{name}.bin")
        if form == "dps":
            shape = dst_shape(kind, r, c)
            args += [f"zeros:{r * c}", f"zeros:{shape[0] * shape[1]}"]
    return args


CASE = {
    "arch": "a2a3",
    "args": _args(),
    "outs": [{"target": f"d_{c[0]}", "expect": f"d_{c[0]}.expect.bin", "dtype": TYPES[c[5]][1]}
             for c in CASES],
}


def source(t, rng, lines, length):
    """lines x length values; the first lines carry the planted cases (along the line)."""
    if is_float(t):
        v = rng.integers(-6, 7, size=(lines, length)).astype(np.float64) * 0.5  # many ties
        v[0, 2], v[0, 5] = np.nan, np.nan
        v[1, :] = 1.0                                   # all equal: index 0
        v[2, 3], v[2, length - 2] = np.inf, -np.inf
        v[3, :] = -0.0
        v[3, 4] = 0.0                                   # -0 and +0 tie
        v[4, length - 1] = np.nan                       # the last element
        return narrow(t, v.astype(np.float32))
    info = np.iinfo(TYPES[t][0])
    v = rng.integers(-4, 5, size=(lines, length))
    v[0, 1], v[0, 3] = info.max, info.min
    v[1, :] = info.min
    v[2, :] = info.max
    v[3, 2], v[3, length - 2] = info.max, info.max
    return v.astype(TYPES[t][0])


def arg(line, largest):
    best, index = line[0], 0
    for k in range(1, len(line)):
        v = line[k]
        if np.isnan(best):
            break
        if np.isnan(v) or (v > best if largest else v < best):
            best, index = v, k
    return index


def generate(out_dir):
    rng = np.random.default_rng(641)
    files = {}
    for name, op, t, (r, c), (vr, vc), it, kind, _ in CASES:
        per_row = op.startswith("trow")
        if per_row:
            src = source(t, rng, r, c)
        else:
            src = source(t, rng, c, r).T.copy()
        wide = widen(t, src).astype(np.float64)
        expect = np.zeros(dst_shape(kind, r, c), dtype=TYPES[it][0])
        largest = op.endswith("max")
        if per_row:
            for i in range(vr):
                expect[i, 0] = arg(wide[i, :vc], largest)
        else:
            for j in range(vc):
                expect[0, j] = arg(wide[:vr, j], largest)
        files[f"s_{name}"], files[f"d_{name}.expect"] = src, expect
    save(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
