"""vcmp, vcmps, vsel and vselr on every lane type (a5): the compare results feed vsel (where a
compare holds, a; else b), so each output shows one predicate. Partial seeds (plt), every mode
(written in lower and upper case), NaN, +-0, +-inf, MIN/MAX integers, equal pairs; vcmps's
integer scalar reinterpreted at the lanes' width (-127 : i8 is 129 for ui8 lanes) and its f32
scalar rounded to bf16; vsel by the seed itself; vselr with index lanes read unsigned."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.element_types import TYPES, bits_name, bits_type, values, widen
from reference.numerics import to_bf16
from reference.tiles import save

# type, vcmp mode, vcmps mode, scalar, seed lanes, index type (as the kernel writes them)
ROWS = [
    ("f32", "lt", "ge", 0.5, 61, "i32"),
    ("f16", "ne", "gt", -1.5, 100, "ui16"),
    ("bf16", "ge", "le", 1.3, 128, "ui16"),
    ("i32", "gt", "eq", -7, 64, "ui32"),
    ("ui32", "le", "lt", -2, 33, "i32"),
    ("i16", "eq", "ne", 3, 127, "i16"),
    ("ui16", "lt", "gt", -32768, 90, "ui16"),
    ("i8", "ge", "lt", -100, 255, "ui8"),
    ("ui8", "ne", "ge", -127, 200, "i8"),
]
MODES = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
         "gt": np.greater, "ge": np.greater_equal}


def _args():
    args = []
    for t, *_ in ROWS:
        args += [f"a_{t}.bin", f"b_{t}.bin", f"idx_{t}.bin",
                 f"zeros:{4 * 256 // np.dtype(TYPES[t][0]).itemsize}"]
    return args


CASE = {
    "arch": "a5",
    "args": _args(),
    "outs": [{"target": f"r_{r[0]}", "expect": f"r_{r[0]}.expect.bin", "dtype": bits_name(r[0])}
             for r in ROWS],
}


def stored(t, x):
    """float64 or int64 values in type t's storage (floats rounded, integers wrapped)."""
    x = np.asarray(x)
    if t == "bf16":
        return to_bf16(x.astype(np.float32))
    if t in ("f32", "f16"):
        return x.astype(TYPES[t][0])
    return x.astype(np.int64).astype(TYPES[t][0])


def generate(out_dir):
    rng = np.random.default_rng(1311)
    files = {}
    for t, m1, m2, k, n, ity in ROWS:
        lanes = 256 // np.dtype(TYPES[t][0]).itemsize
        a, b = values(t, rng, (lanes,)), values(t, rng, (lanes,))
        same = rng.random(lanes) < 0.3
        b[same] = a[same]
        b[:4] = a[:4][::-1]
        if t in ("f32", "f16", "bf16"):
            a[10:14] = stored(t, [0.0, 0.0, np.nan, 0.0])
            b[10:14] = stored(t, [-0.0, np.nan, 1.0, np.inf])
        ks = widen(t, stored(t, [k]))[0]  # the scalar as a lane value
        a[20:24] = stored(t, [ks] * 4)
        idx = rng.integers(0, lanes, size=lanes).astype(TYPES[ity][0])
        wa, wb = widen(t, a), widen(t, b)
        seed = np.arange(lanes) < n
        p1 = seed & MODES[m1](wa, wb)
        p2 = seed & MODES[m2](wa, ks)
        bits_a, bits_b = a.view(bits_type(t)), b.view(bits_type(t))
        out = [np.where(p1, bits_a, bits_b), np.where(p2, bits_a, bits_b),
               np.where(seed, bits_a, bits_b), bits_a[idx.view(bits_type(ity)).astype(np.int64)]]
        files[f"a_{t}"], files[f"b_{t}"], files[f"idx_{t}"] = a, b, idx
        files[f"r_{t}.expect"] = np.concatenate(out)
    save(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
