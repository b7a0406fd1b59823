"""TPARTADD TPARTMUL TPARTMAX TPARTMIN on a5 (i8 ui8 i16 ui16 i32 ui32 f16 f32 bf16): op(a, b) where both sources are valid,
the valid one elsewhere; floats meet NaN, +-inf and inf - inf pairs, integers MIN/MAX (wrapping
add and mul); max and min let NaN win."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from group_b_ref import TYPES, is_float, narrow, save, values, widen

# name, type, shape, destination valid shape, spelling ("dps" results are arguments)
CASES = [
    ("i8", "i8", (3, 64), (3, 50), "sync"),
    ("u8", "ui8", (2, 32), (2, 32), "ssa"),
    ("i16", "i16", (4, 32), (3, 30), "dps"),
    ("u16", "ui16", (3, 16), (3, 13), "sync"),
    ("i32", "i32", (3, 16), (3, 12), "ssa"),
    ("u32", "ui32", (2, 8), (2, 8), "dps"),
    ("f16", "f16", (5, 32), (4, 20), "sync"),
    ("f32", "f32", (4, 24), (4, 21), "ssa"),
    ("bf16", "bf16", (3, 32), (3, 17), "dps"),
]
OPS = [("add", "full", "rows"), ("mul", "cols", "full"), ("max", "full", "both"),
       ("min", "top", "full")]


def sources(vr, vc):
    """The valid shape of each source tile."""
    return {"full": (vr, vc), "rows": (vr - 1, vc), "cols": (vr, vc - 5),
            "both": (vr - 1, vc // 2), "top": (1, vc)}


def _args():
    args = []
    for name, _, (r, c), _, form in CASES:
        args += [f"{s}_{name}.bin" for s in ("full", "rows", "cols", "both", "top")]
        if form == "dps":
            args += [f"zeros:{r * c}"] * len(OPS)
    return args


CASE = {
    "arch": "a5",
    "args": _args(),
    "outs": [{"target": f"{op}_{c[0]}", "expect": f"{op}_{c[0]}.expect.bin",
              "dtype": TYPES[c[1]][1]} for c in CASES for op, _, _ in OPS],
}


def tile(t, rng, shape, full):
    if not is_float(t):
        return values(t, rng, shape)
    v = values("f32", rng, shape)
    if full:  # edge pairs against the other sources' 0, -0, inf, -inf, NaN, 1.5, -2.25
        v.flat[:7] = [np.nan, -np.inf, 1.0, np.inf, 2.0, np.nan, -2.25]
    return narrow(t, v)


def apply(op, t, x, y):
    if is_float(t):
        x, y = x.astype(np.float32), y.astype(np.float32)
        with np.errstate(all="ignore"):
            r = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}[op](x, y)
        return narrow(t, r)
    r = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}[op](x, y)
    return narrow(t, r)


def generate(out_dir):
    rng = np.random.default_rng(622)
    files = {}
    for name, t, shape, (vr, vc), _ in CASES:
        valid = sources(vr, vc)
        tiles = {s: tile(t, rng, shape, s == "full") for s in valid}
        for s, v in tiles.items():
            files[f"{s}_{name}"] = v
        rows, cols = np.indices(shape)
        for op, a, b in OPS:
            in_a = (rows < valid[a][0]) & (cols < valid[a][1])
            in_b = (rows < valid[b][0]) & (cols < valid[b][1])
            both = apply(op, t, widen(t, tiles[a]), widen(t, tiles[b]))
            full = np.where(in_a & in_b, both, np.where(in_a, tiles[a], tiles[b]))
            expect = np.zeros_like(tiles[a])
            expect[:vr, :vc] = full[:vr, :vc]
            files[f"{op}_{name}.expect"] = expect
    save(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
