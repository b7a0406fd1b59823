"""TCMP on a5: f32 f16 i32 ui32 i16 ui16 i8 ui8, one mode each; NaN, +-0, +-inf, MIN/MAX
integers, equal pairs; ui32 and ui8 masks; partial valid regions."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.compare_select import pack_mask
from reference.element_types import values, widen
from reference.tiles import save

# name, type, shape, valid shape, mode, form ("dps" outputs are arguments), mask shape and type
CASES = [
    ("f32", "f32", (4, 64), (3, 50), "ge", "dps", (4, 8), np.uint32),
    ("f16", "f16", (4, 48), (4, 33), "ne", "sync", (4, 32), np.uint8),
    ("i32", "i32", (8, 16), (5, 16), "gt", "ssa", (8, 32), np.uint8),
    ("u32", "ui32", (2, 24), (2, 20), "lt", "dps", (2, 8), np.uint32),
    ("i16", "i16", (3, 32), (3, 31), "le", "sync", (3, 32), np.int8),
    ("u16", "ui16", (2, 64), (2, 64), "gt", "ssa", (2, 32), np.uint8),
    ("i8", "i8", (5, 64), (4, 60), "lt", "dps", (5, 32), np.uint8),
    ("u8", "ui8", (2, 96), (2, 90), "eq", "sync", (2, 32), np.uint8),
]
GOLDEN = {np.uint8: "uint8", np.int8: "int8", np.uint32: "uint32"}
MODES = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
         "gt": np.greater, "ge": np.greater_equal}


def _args():
    args = []
    for name, _, shape, _, _, form, mshape, mdt in CASES:
        args += [f"a_{name}.bin", f"b_{name}.bin"]
        if form == "dps":
            args.append(f"zeros:{mshape[0] * mshape[1]}")
    return args


CASE = {
    "arch": "a5",
    "args": _args(),
    "outs": [{"target": f"m_{c[0]}", "expect": f"m_{c[0]}.expect.bin", "dtype": GOLDEN[c[7]]}
             for c in CASES],
}


def generate(out_dir):
    rng = np.random.default_rng(602)
    files = {}
    for name, t, shape, (vr, vc), mode, _, mshape, mdt in CASES:
        a, b = values(t, rng, shape), values(t, rng, shape)
        same = rng.random(shape) < 0.3
        b[same] = a[same]
        b.flat[0:4] = a.flat[0:4][::-1]  # edges against each other (MIN/MAX, +-0, inf)
        if t in ("f32", "f16"):
            b.flat[4:8] = [np.nan, -0.0, np.inf, -np.inf]
        pred = MODES[mode](widen(t, a)[:vr, :vc], widen(t, b)[:vr, :vc])
        files[f"a_{name}"], files[f"b_{name}"] = a, b
        files[f"m_{name}.expect"] = pack_mask(pred, mshape, mdt)
    save(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
