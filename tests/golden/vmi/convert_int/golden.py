"""VMI integer conversions (docs/semantics.md "VMI layer", Conversions and Signedness; vmi-isa
06): fptosi / fptoui round by `rounding` (R, nearest even, when absent; A ties away, F, C, Z),
then SAT (the default) clamps to the type's range with NaN -> 0, NOSAT keeps the low bits of the
rounded integer (those rows run under a mask of the first 60 lanes, so NaN and the infinities in
lanes 60..63 read 0); extsi sign-extends, extui zero-extends (a signless i8 too); trunci clamps
(SAT, the default; a signless i32 as signed) or keeps the low bits (NOSAT); sitofp / uitofp read
the lanes signed / unsigned (a signless i32 either way) and round to nearest even. Each row is
one conversion's 64 lanes, compared bit for bit."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import random_ints, save

# Inputs: name -> (numpy type, UB byte address)
INPUTS = {"xf": (np.float32, 0), "xh": (np.float16, 256), "xb": (np.uint16, 384),
          "xi": (np.int32, 512), "xs": (np.int16, 768), "xc": (np.int8, 896)}
# Rows: (op, source, source lane type, result lane type, attributes, mask lanes or None)
OUT32 = [
    ("fptosi", "xf", "f32", "si32", {}, None),
    ("fptosi", "xf", "f32", "si32", {"rounding": "Z"}, None),
    ("fptosi", "xf", "f32", "si32", {"rounding": "A"}, None),
    ("fptosi", "xf", "f32", "si32", {"rounding": "F"}, None),
    ("fptosi", "xf", "f32", "si32", {"rounding": "C", "saturate": "SAT"}, None),
    ("vcvt", "xf", "f32", "si32", {"saturate": "NOSAT"}, 60),
    ("fptosi", "xh", "f16", "si32", {}, None),
    ("fptosi", "xb", "bf16", "si32", {"rounding": "Z"}, None),
    ("fptoui", "xf", "f32", "ui32", {}, None),
    ("extsi", "xc", "si8", "si32", {}, None),
    ("extsi", "xs", "si16", "si32", {}, None),
    ("extui", "xc", "i8", "i32", {}, None),
    ("extui", "xs", "ui16", "ui32", {}, None),
    ("sitofp", "xi", "si32", "f32", {}, None),
    ("uitofp", "xi", "ui32", "f32", {}, None),
    ("uitofp", "xi", "i32", "f32", {}, None),
    ("sitofp", "xi", "i32", "f32", {}, None),
    ("sitofp", "xs", "si16", "f32", {}, None),
]
OUT16 = [
    ("fptosi", "xf", "f32", "si16", {}, None),
    ("fptosi", "xh", "f16", "si16", {"rounding": "Z"}, None),
    ("vcvt", "xf", "f32", "si16", {"saturate": "NOSAT"}, 60),
    ("trunci", "xi", "si32", "si16", {"saturate": "SAT"}, None),
    ("trunci", "xi", "i32", "i16", {}, None),
    ("trunci", "xi", "si32", "si16", {"saturate": "NOSAT"}, None),
    ("extui", "xc", "ui8", "ui16", {}, None),
    ("extsi", "xc", "si8", "si16", {}, None),
    ("extui", "xc", "i8", "i16", {}, None),
    ("sitofp", "xs", "si16", "f16", {}, None),
    ("uitofp", "xc", "ui8", "f16", {}, None),
    ("fptoui", "xf", "f32", "ui16", {"rounding": "A"}, None),
    ("vcvt", "xh", "f16", "si16", {"rounding": "F"}, None),
]
OUT8 = [
    ("fptosi", "xh", "f16", "si8", {}, None),
    ("fptoui", "xh", "f16", "ui8", {"rounding": "C"}, None),
    ("vcvt", "xh", "f16", "ui8", {"saturate": "NOSAT"}, 60),
    ("trunci", "xi", "si32", "si8", {"saturate": "NOSAT"}, None),
    ("trunci", "xi", "si32", "si8", {}, None),
    ("trunci", "xi", "ui32", "ui8", {}, None),
    ("trunci", "xs", "si16", "si8", {}, None),
    ("fptosi", "xf", "f32", "si8", {"rounding": "Z"}, None),
]
OUTS = [("out32", OUT32, 4, np.uint32, 1024), ("out16", OUT16, 2, np.uint16, 5632),
        ("out8", OUT8, 1, np.uint8, 7296)]
CASE = {
    "args": [f"{n}.bin" for n in INPUTS] + [f"zeros:{64 * len(rows)}" for _, rows, _, _, _ in OUTS],
    "outs": [{"target": str(len(INPUTS) + 1 + i), "expect": f"{name}.expect.bin",
              "dtype": np.dtype(dt).name} for i, (name, _, _, dt, _) in enumerate(OUTS)],
}
def width(t):
    return int("".join(ch for ch in t if ch.isdigit()))


def int_range(t):
    """(lowest, highest) of integer lane type t: ui* unsigned, si* and signless i* signed."""
    bits = width(t)
    if t.startswith("ui"):
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def read_int(x, signed):
    """Integer lanes as Python-sized integers, read signed or unsigned."""
    bits = x.dtype.itemsize * 8
    u = x.astype(np.int64) & ((1 << bits) - 1)
    return np.where(u >= 1 << (bits - 1), u - (1 << bits), u) if signed else u


def round_int(v, mode):
    if mode == "Z":
        return np.trunc(v)
    if mode == "F":
        return np.floor(v)
    if mode == "C":
        return np.ceil(v)
    if mode == "A":
        return np.sign(v) * np.floor(np.abs(v) + 0.5)
    return np.round(v)                     # R: numpy rounds ties to even


def bits_of(values, t):
    """The result lanes' bit patterns (int64) in t's width: floats rounded once to t."""
    if t == "f32":
        return np.asarray(values, np.float64).astype(np.float32).view(np.uint32).astype(np.int64)
    if t == "f16":
        return np.asarray(values, np.float64).astype(np.float16).view(np.uint16).astype(np.int64)
    return np.asarray(values, np.int64) & ((1 << width(t)) - 1)


def model(op, st, dt, attrs, x):
    sat = attrs.get("saturate", "SAT") != "NOSAT"
    if op in ("fptosi", "fptoui", "vcvt"):
        v = from_bf16(x).astype(np.float64) if st == "bf16" else x.astype(np.float64)
        lo, hi = int_range(dt)
        with np.errstate(invalid="ignore"):
            r = round_int(v, attrs.get("rounding", "R"))
        if sat:                            # NaN -> 0, infinities and the rest clamped
            r = np.clip(np.nan_to_num(r, nan=0.0, posinf=hi, neginf=lo), lo, hi)
        else:                              # the low bits (non-finite lanes are masked off)
            r = np.where(np.isfinite(r), r, 0.0)
        return bits_of(np.array([int(i) for i in r], np.int64), dt)
    if op in ("extsi", "extui"):
        return bits_of(read_int(x, op == "extsi"), dt)
    if op == "trunci":
        v = read_int(x, not st.startswith("ui"))
        return bits_of(np.clip(v, *int_range(dt)) if sat else v, dt)
    if op in ("sitofp", "uitofp"):         # exact in float64, then one rounding
        return bits_of(read_int(x, op == "sitofp").astype(np.float64), dt)
    raise ValueError(op)


def inputs():
    rng = np.random.default_rng(4106)
    xf = np.concatenate([rng.uniform(-1e5, 1e5, 32), rng.uniform(-300, 300, 32)]).astype(np.float32)
    planted = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.7, 2.7, -2.7, 3e9, -3e9,
               2147483520.0, 2147483648.0, -2147483648.0, 40000.5, -40000.5, 65535.5, 70000.0,
               255.5, 256.0, -128.5, 127.5, -129.0, 300.7, 1e-3, -0.0, 4294967040.0, 5e9, 32767.5]
    xf[:len(planted)] = planted
    xf[60:64] = [np.nan, -np.nan, np.inf, -np.inf]
    xh = rng.uniform(-400, 400, 64).astype(np.float16)
    hplanted = [0.5, 1.5, 2.5, -0.5, -2.5, 127.5, 128.0, -128.5, -129.0, 255.5, 256.0, 300.0, -1.0,
                65504.0, -65504.0, 32768.0, 40000.0, -0.0, 0.25, -0.75, 1000.5, -32768.0]
    xh[:len(hplanted)] = hplanted
    xh[60:64] = [np.nan, -np.nan, np.inf, -np.inf]
    xb = to_bf16(rng.uniform(-1e4, 1e4, 64))
    xb[:12] = to_bf16(np.array([0.5, 1.5, -2.5, 3e9, -3e9, 1e38, -1e-3, np.nan, np.inf, -np.inf,
                                2147483648.0, -2147483648.0], np.float32))
    xi = random_ints(rng, 64, np.int32)
    xi[:16] = [16777217, 16777219, -16777219, 2147483647, -2147483648, 128, -129, 255, 256, 32768,
               -32769, -1, 0, 33554435, -300, 65535]
    xs = random_ints(rng, 64, np.int16)
    xs[:12] = [-1, -32768, 32767, 2049, 2051, -2051, 255, 256, -129, 127, -128, 4097]
    xc = random_ints(rng, 64, np.int8)
    xc[:5] = [-1, -128, 127, 0, 1]
    return {"xf": xf, "xh": xh, "xb": xb, "xi": xi, "xs": xs, "xc": xc}


def generate(out_dir):
    x = inputs()
    arrays = dict(x)
    for name, rows, _, dt, _ in OUTS:
        out = np.zeros((len(rows), 64), dt)
        for r, (op, src, st, t, attrs, mask) in enumerate(rows):
            lanes = model(op, st, t, attrs, x[src])
            if mask is not None:
                lanes[mask:] = 0
            out[r] = lanes.astype(dt)
        arrays[f"{name}.expect"] = out
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
