"""TQUANT / TDEQUANT with per-row f32 parameters (column 0 of the 16x8 tiles s and o; for tquant
the same values in DN columns sc and oc).

tquant INT8_SYM: sym = sat_i8(rint(f32(x * s_i))); INT8_ASYM: asym = sat_ui8(rint(f32(f32(x *
s_i) + o_i))); NaN -> 0, ties to even. tdequant: f32(f32(q - o_i) * s_i). Each f32 operation
rounds once (numpy float32 arithmetic). Results cover 12x20 of 16x32 (dq16: all of 16x16).
a2a3 scales (and shifts) tquant's source in place (pto-isa a2a3 TQuant.hpp): the kernel's
second tquant reads %xv as the first left it, x * s_i, and leaves it (x * s_i) * s_i + o_i
(output xv).
"""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "s.bin", "o.bin", "qi8.bin", "qi16.bin", "x.bin", "sc.bin", "oc.bin"],
    "outs": [{"target": "sym", "expect": "sym.expect.bin", "dtype": "int8"},
             {"target": "asym", "expect": "asym.expect.bin", "dtype": "uint8"},
             {"target": "dq8", "expect": "dq8.expect.bin", "dtype": "float32",
              "rtol": 0, "atol": 0},
             {"target": "dq16", "expect": "dq16.expect.bin", "dtype": "float32",
              "rtol": 0, "atol": 0},
             {"target": "xv", "expect": "xv.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def sat_rint(y, dtype):
    info = np.iinfo(dtype)
    with np.errstate(invalid="ignore"):
        r = np.clip(np.rint(y), info.min, info.max)
    return np.where(np.isnan(y), 0, r).astype(dtype)


def inputs(rng):
    x = rng.uniform(-200, 200, size=(16, 32)).astype(np.float32)
    x[0, :10] = [np.nan, np.inf, -np.inf, 2.5, -2.5, 3.5, -0.0, 1e30, -1e30, 0.5]
    s = rng.uniform(0.1, 2.0, size=(16, 8)).astype(np.float32)
    s[1, 0], s[2, 0], s[3, 0] = 0.0, -1.0, 1.0   # 0 * inf is NaN; a negative scale; ties kept
    o = rng.integers(-20, 150, size=(16, 8)).astype(np.float32)
    o[3, 0] = 0.5
    qi8 = rng.integers(-128, 128, size=(16, 32)).astype(np.int8)
    qi8[0, :2] = [-128, 127]
    qi16 = rng.integers(-32768, 32768, size=(16, 16)).astype(np.int16)
    qi16[0, :2] = [-32768, 32767]
    x[3, :6] = [0.5, 1.5, 2.5, -0.5, -1.5, 254.5]  # scale 1 (+0.5 offset for ASYM): ties
    return x, s, o, qi8, qi16


def reference(x, s, o, qi8, qi16, rows=12, cols=20, in_place=True):
    """The results; in_place: the source scaled in place between the two tquants (a2a3)."""
    si, oi = s[:, :1], o[:, :1]
    with np.errstate(invalid="ignore", over="ignore"):
        y = (x * si).astype(np.float32)  # the first tquant leaves %xv holding y (a2a3)
        ya = (((y if in_place else x) * si).astype(np.float32) + oi).astype(np.float32)
    xv = x.copy()
    xv[:rows, :cols] = ya[:rows, :cols]
    sym = np.zeros((16, 32), np.int8)
    asym = np.zeros((16, 32), np.uint8)
    dq8 = np.zeros((16, 32), np.float32)
    sym[:rows, :cols] = sat_rint(y, np.int8)[:rows, :cols]
    asym[:rows, :cols] = sat_rint(ya, np.uint8)[:rows, :cols]
    dq8[:rows, :cols] = ((qi8.astype(np.float32) - oi) * si)[:rows, :cols]
    dq16 = (qi16.astype(np.float32) - oi) * si
    return sym, asym, dq8, dq16.astype(np.float32), xv


def generate(out_dir):
    rng = np.random.default_rng(6041)
    ins = inputs(rng)
    for name, arr in zip(["x", "s", "o", "qi8", "qi16"], ins):
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, arr in zip(["sc", "oc"], ins[1:3]):
        np.ascontiguousarray(arr[:, :1]).tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, arr in zip(["sym", "asym", "dq8", "dq16", "xv"], reference(*ins)):
        arr.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
