"""pto.vmi.vadds/vmuls/vmaxs/vmins: a logical vector and a scalar (docs/semantics.md "VMI layer",
"Arithmetic").

The scalar is first converted to the lane type: a float literal rounded to it (0.1 : f16 is
0.0999755859375), an integer literal wrapped to the width and read with the lanes' signedness
(40000 : i16 is 40000 for ui16 lanes), the f32 kernel argument 0.3 rounded to f32. Float lanes
compute in f32 and round once (f16, bf16: nearest even); max/min propagate NaN; integers wrap;
max/min compare signed for iN and siN, unsigned for uiN. Inactive lanes are 0.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

# (type, lanes, active lanes, [(op, scalar, masked)]), in the kernel's order; "s" is the
# kernel's f32 argument.
SPEC = [("f32", 128, 70, [("adds", 0.1, False), ("muls", -3.0, True), ("maxs", 2.5, True),
                          ("mins", -0.5, True), ("muls", "s", True)]),
        ("f16", 256, 200, [("adds", 0.1, False), ("muls", 3.0, True), ("maxs", -1.5, True),
                           ("mins", 1000.0, True)]),
        ("bf16", 128, 100, [("adds", 0.3, True), ("maxs", -2.0, True), ("mins", 7.5, False)]),
        ("i8", 256, 255, [("adds", 100, False), ("maxs", -3, True), ("mins", 50, True)]),
        ("ui8", 64, 60, [("adds", 200, True), ("maxs", 128, True), ("mins", 3, False)]),
        ("i16", 128, 120, [("muls", 300, True), ("adds", -32768, True)]),
        ("ui16", 128, 64, [("muls", 65535, True), ("maxs", 40000, True), ("mins", 40000, False)]),
        ("si16", 64, 50, [("maxs", -5, True), ("mins", -5, True)]),
        ("i32", 64, 33, [("muls", 65537, True), ("adds", 2147483647, False)]),
        ("ui32", 256, 250, [("maxs", 2147483648, True), ("mins", 3000000000, True)]),
        ("si32", 64, 64, [("mins", -7, True), ("muls", -1, True)])]
S_ARG = "0.3"
NP = {"f32": np.float32, "f16": np.float16, "bf16": np.uint16, "i8": np.int8, "ui8": np.uint8,
      "i16": np.int16, "ui16": np.uint16, "si16": np.int16, "i32": np.int32, "ui32": np.uint32,
      "si32": np.int32}
OUT_DTYPE = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}

CASE = {
    "args": [f"in_{s[0]}.bin" for s in SPEC] + [f"out_{s[0]}.init.bin" for s in SPEC] + [S_ARG],
    "outs": [{"target": str(len(SPEC) + i + 1), "expect": f"out_{s[0]}.expect.bin",
              "dtype": OUT_DTYPE.get(s[0], np.dtype(NP[s[0]]).name)} for i, s in enumerate(SPEC)],
}

FOPS = {"adds": np.add, "muls": np.multiply, "maxs": np.maximum, "mins": np.minimum}


def lane_op(t, op, a, k):
    """One operation on every lane (a: the lanes, k: the scalar as the kernel writes it)."""
    if t == "bf16":
        kf = from_bf16(to_bf16(np.array([k], np.float32)))[0]
        with np.errstate(all="ignore"):
            return to_bf16(FOPS[op](from_bf16(a), kf))
    if t in ("f32", "f16"):
        kf = np.float32(np.float32(float(S_ARG)) if k == "s" else np.array(k).astype(NP[t]))
        with np.errstate(all="ignore"):
            return FOPS[op](a.astype(np.float32), kf).astype(NP[t])
    dt = NP[t]
    bits = 8 * np.dtype(dt).itemsize
    kv = np.array(k % (1 << bits), np.uint64).astype(dt)   # the literal wrapped, the lanes' sign
    wide_a, wide_k = a.astype(np.int64), np.int64(kv)
    if op == "adds":
        return (wide_a + wide_k).astype(dt)
    if op == "muls":
        return (wide_a * wide_k).astype(dt)
    return FOPS[op](a, kv).astype(dt)


def inputs(t, lanes, rng):
    if t == "f32":
        a = rng.uniform(-10, 10, lanes).astype(np.float32)
        a[[0, 7, 14, 21, 28, 35]] = [np.nan, np.inf, -np.inf, 3e38, 2.5, -0.5]
        a[[80, 127]] = np.nan                            # past the 70-lane tail
        return a
    if t == "f16":
        a = rng.uniform(-2000, 2000, lanes).astype(np.float16)
        a[[0, 9, 18, 27, 36]] = [np.nan, np.inf, 30000.0, 2048.0, 1000.0]
        a[[200, 255]] = np.nan                           # past the 200-lane tail
        return a
    if t == "bf16":
        a = to_bf16(rng.uniform(-10, 10, lanes).astype(np.float32))
        a[[0, 5, 10, 15]] = [0x7FC0, 0x7F80, 0xC000, 0x7F7F]
        a[[100, 127]] = 0x7FC0                           # past the 100-lane tail
        return a
    dt = NP[t]
    info = np.iinfo(dt)
    a = rng.integers(info.min, info.max, lanes, endpoint=True).astype(dt)
    a[[0, 3, 6, 9, 12]] = np.array([info.min, info.max, 0, 1, -1]).astype(dt)
    return a


def generate(out_dir):
    rng = np.random.default_rng(4107)
    arrays = {}
    for t, lanes, active, ops in SPEC:
        dt = NP[t]
        a = inputs(t, lanes, rng)
        n = lanes * max(2, len(ops))
        if t == "bf16":
            out0 = to_bf16((np.arange(n) - 500.0).astype(np.float32))
        else:
            out0 = (np.arange(n) % 97 - 50).astype(dt)
        out = out0.copy()
        for i, (op, k, masked) in enumerate(ops):
            r = lane_op(t, op, a, k)
            if masked:
                r = np.where(np.arange(lanes) < active, r, np.zeros_like(r))
            out[lanes * i:lanes * (i + 1)] = r
        arrays.update({f"in_{t}": a, f"out_{t}.init": out0, f"out_{t}.expect": out})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
