"""pto.vmi.vbrc, pto.vmi.group_broadcast and pto.vmi.vci (docs/semantics.md "VMI layer";
vmi-isa 02, 04).

vbrc of a scalar fills every lane with it (converted to the lane type: float literals rounded,
integer literals wrapped); vbrc of a 1-lane vector copies lane 0 everywhere; vbrc {group = C} and
group_broadcast {num_groups = C} of a C-lane vector give lane i slot i / (L / C). vci gives
base + j (ASC) or base - j (DESC), j the lane number, or with {group = C} the lane's number
within its group of L / C (group = 1: the plain ramp); floats are rounded once to the lane type
(f16 past 1024, f32 past 2^24), integers wrap.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16
from reference.tiles import save

# Per output (name, element type): its operations in order, each (op, lanes, argument):
#   ("brc", L, scalar), ("brc1", L, source lane), ("brcg", L, (C, first source lane)),
#   ("gbrc", L, (C, first source lane)), ("vci", L, (base, order, group or None)).
# Each result is stored at the next 8-element boundary after the previous one plus 8.
OUTPUTS = [
    ("of", "f32", [("brc", 64, 3.25), ("brc1", 256, 3), ("brcg", 128, (4, 8)),
                   ("brcg", 256, (8, 16)), ("brcg", 6, (2, 0)), ("gbrc", 64, (4, 8)),
                   ("vci", 256, (0.5, "ASC", None)), ("vci", 8, (16777215.0, "ASC", None)),
                   ("vci", 64, (2.5, "DESC", 4)), ("vci", 64, (0.0, "ASC", 1))]),
    ("oh", "f16", [("brc", 256, 0.1), ("brcg", 128, (2, 0)), ("vci", 128, (1000.5, "ASC", None)),
                   ("vci", 256, (-3.0, "DESC", 2))]),
    ("ob", "bf16", [("brc", 128, 1.5), ("brcg", 64, (8, 0))]),
    ("oi8", "i8", [("brc", 256, -7), ("vci", 256, (120, "ASC", None))]),
    ("oui8", "ui8", [("vci", 64, (3, "DESC", None)), ("brc", 64, 200)]),
    ("oui16", "ui16", [("brc", 128, 65535), ("vci", 64, (65530, "ASC", None))]),
    ("oi16", "i16", [("vci", 128, (0, "DESC", 4)), ("brcg", 128, (8, 0))]),
    ("osi32", "si32", [("brc", 8, -123456), ("vci", 128, (-5, "DESC", None)),
                       ("gbrc", 128, (4, 0))]),
    ("oi32", "i32", [("brc", 384, 7), ("vci", 128, (2147483600, "ASC", None)),
                     ("vci", 256, (100, "ASC", 8)), ("brcg", 256, (4, 4))]),
]
NP = {"f32": np.float32, "f16": np.float16, "bf16": np.uint16, "i8": np.int8, "ui8": np.uint8,
      "ui16": np.uint16, "i16": np.int16, "si32": np.int32, "i32": np.int32}
COMPARE = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}
SOURCE_LANES = 32      # the source buffer of each output type: 32 elements (sources of brc*)

CASE = {
    "args": [f"src_{n[1:]}.bin" for n, _, _ in OUTPUTS] + [f"{n}.init.bin" for n, _, _ in OUTPUTS],
    "outs": [{"target": str(len(OUTPUTS) + i + 1), "expect": f"{n}.expect.bin",
              "dtype": COMPARE.get(t, np.dtype(NP[t]).name)} for i, (n, t, _) in enumerate(OUTPUTS)],
}


def layout(ops):
    offsets, at = [], 0
    for _, lanes, _ in ops:
        offsets.append(at)
        at += -(-lanes // 8) * 8 + 8
    return offsets, -(-at // 64) * 64


def in_type(t, values):
    """Values (exact numbers) rounded (floats, once) or wrapped (integers) to lane type t."""
    if t == "bf16":
        return to_bf16(np.asarray(values, np.float64).astype(np.float32))  # exact in f32 here
    if t in ("f32", "f16"):
        return np.asarray(values, np.float64).astype(NP[t])
    bits = 8 * np.dtype(NP[t]).itemsize
    return (np.asarray(values, np.int64) % (1 << bits)).astype(np.uint64).astype(NP[t])


def result(t, op, lanes, arg, src):
    i = np.arange(lanes)
    if op == "brc":
        return in_type(t, np.full(lanes, arg))
    if op == "brc1":
        return np.full(lanes, src[arg], src.dtype)
    if op in ("brcg", "gbrc"):
        groups, first = arg
        return src[first + i // (lanes // groups)]
    base, order, group = arg
    j = i % (lanes // group) if group else i
    base_exact = float(in_type(t, [base])[0]) if t in ("f32", "f16") else base
    assert base_exact == base
    return in_type(t, base + (j if order == "ASC" else -j))


def generate(out_dir):
    rng = np.random.default_rng(4110)
    arrays = {}
    for name, t, ops in OUTPUTS:
        if t in ("f32", "f16"):
            src = rng.uniform(-100, 100, SOURCE_LANES).astype(NP[t])
        elif t == "bf16":
            src = to_bf16(rng.uniform(-100, 100, SOURCE_LANES).astype(np.float32))
        else:
            info = np.iinfo(NP[t])
            src = rng.integers(info.min, info.max, SOURCE_LANES, endpoint=True).astype(NP[t])
        offsets, total = layout(ops)
        if t == "bf16":
            out0 = to_bf16((np.arange(total) * 0.5 - 999).astype(np.float32))
        else:
            out0 = (np.arange(total) % 101 - 57).astype(NP[t])
        out = out0.copy()
        for (op, lanes, arg), at in zip(ops, offsets):
            out[at:at + lanes] = result(t, op, lanes, arg, src)
        arrays.update({f"src_{name[1:]}": src, f"{name}.init": out0, f"{name}.expect": out})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
