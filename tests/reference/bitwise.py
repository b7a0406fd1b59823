"""Numpy references for the bitwise, shift and remainder cases (tests/golden/bitwise/).

Each case's golden.py names its element type, architecture, seed, results and spelling and
calls bit_case() or rem_case(), which return CASE and generate(); the shape and the scalar
operands follow from the element type (SHAPES, int_scalars, FLOAT_SCALARS). The kernels are
plain text in each case directory; the output names here are the kernels' result names.

Semantics (docs/semantics.md, "Bitwise, shifts and remainders"):
- and/or/xor/not work on the bits; scalars are first wrapped to the element type.
- tshl/tshr take per-element counts from a tile of the same type: a count of the width or
  more gives 0 (shl, unsigned shr) or the sign fill (signed shr). Counts here are never
  negative (a negative count is a run-time error, tests/errors).
- trem/trems: floored remainder (sign of the divisor); tfmod/tfmods: truncated (sign of the
  dividend, C fmod). Integers exactly; floats exactly as numpy's remainder/fmod in float64,
  rounded once to the element type. Integer divisors are never 0 here (an error).
"""
import os

import numpy as np

from .numerics import wrap
from .tiles import in_valid_region, plant, random_ints, write_case

NP_NAMES = {
    np.int8: "int8", np.uint8: "uint8", np.int16: "int16", np.uint16: "uint16",
    np.int32: "int32", np.uint32: "uint32", np.float16: "float16", np.float32: "float32",
}


def _shl(a, s):
    """a << s per element; counts of the width or more give 0."""
    bits = 8 * a.dtype.itemsize
    u = np.dtype(f"u{a.dtype.itemsize}")
    s64 = s.astype(np.int64)
    shifted = (a.view(u).astype(np.uint64) << np.minimum(s64, 63).astype(np.uint64))
    return np.where(s64 >= bits, 0, shifted.astype(u)).astype(u).view(a.dtype)


def _shr(a, s):
    """a >> s per element: arithmetic for signed types, logical for unsigned ones."""
    bits = 8 * a.dtype.itemsize
    s64 = s.astype(np.int64)
    if np.issubdtype(a.dtype, np.signedinteger):
        return (a.astype(np.int64) >> np.minimum(s64, bits - 1)).astype(a.dtype)
    shifted = a.astype(np.uint64) >> np.minimum(s64, 63).astype(np.uint64)
    return np.where(s64 >= bits, 0, shifted).astype(a.dtype)


class _Case:
    def __init__(self, dt, arch, rows, cols, vrows, vcols, seed, outs, dps):
        self.dt, self.arch = dt, arch
        self.rows, self.cols, self.vrows, self.vcols = rows, cols, vrows, vcols
        self.seed, self.outs, self.dps = seed, outs, dps

    def case(self, inputs):
        """CASE for golden_case.py: DPS kernels write pointer parameters (numbered after the
        inputs, zero-filled), the other spellings name their result tiles."""
        n = self.rows * self.cols
        spec = {"arch": self.arch, "args": [f"{name}.bin" for name in inputs], "outs": []}
        for i, name in enumerate(self.outs):
            target = str(len(inputs) + 1 + i) if self.dps else name
            spec["outs"].append({"target": target, "expect": f"{name}.expect.bin",
                                 "dtype": NP_NAMES[self.dt]})
        if self.dps:
            spec["args"] += [f"zeros:{n}"] * len(self.outs)
        return spec

    def finish(self, full, a):
        """Results as the kernels leave them: DPS kernels preload each result tile with %a and
        store it whole; the others start from zeros."""
        before = a.copy() if self.dps else np.zeros_like(a)
        full = {name: full[name] for name in self.outs}
        return in_valid_region(full, before, self.vrows, self.vcols)


class IntCase(_Case):
    """An integer case: a and b (bitwise operands), s (shift counts, 0 .. beyond the width),
    d (divisors without zeros) and the scalars given as {output: value} (the kernel declares
    each with some integer type; the value is wrapped to the element type)."""

    def __init__(self, dt, arch, rows, cols, vrows, vcols, seed, outs, scalars, dps=False):
        super().__init__(dt, arch, rows, cols, vrows, vcols, seed, outs, dps)
        self.scalars = scalars
        self.has_rem = any(o.startswith(("rem", "fmod")) for o in outs)
        self.inputs = ("a", "b", "s", "d") if self.has_rem else ("a", "b", "s")
        self.CASE = self.case(self.inputs)

    def make_inputs(self):
        dt = self.dt
        info = np.iinfo(dt)
        lo, hi = int(info.min), int(info.max)
        bits = 8 * np.dtype(dt).itemsize
        rng = np.random.default_rng(self.seed)
        shape = (self.rows, self.cols)
        a = random_ints(rng, shape, dt)
        b = random_ints(rng, shape, dt)
        s = rng.integers(0, bits + 4, shape).astype(dt)
        signed = lo < 0
        a_edges = [lo, hi, 0, 1, hi, lo, 0, 1, 7, 100 % hi, lo + 1, hi - 1]
        b_edges = [hi, lo, 0, 0, 0, 0, 1, 1, 3, 7, lo, hi]
        if signed:
            a_edges += [-1, -1, -7, -7, 7, -100, lo, lo, hi, -1]
            b_edges += [-1, 0, 2, -2, -2, 7, -1, 1, -1, lo]
        plant(a, a_edges, self.vcols)
        plant(b, b_edges, self.vcols)
        plant(s, [0, 1, bits - 1, bits, bits + 1, 2 * bits, hi, bits - 1, 0, bits, hi, 1],
              self.vcols)
        tiles = [a, b, s]
        if self.has_rem:
            low = 1 if not signed else -20
            small = rng.integers(low, 21, shape).astype(dt)
            d = np.where(rng.random(shape) < 0.5, small, random_ints(rng, shape, dt))
            d[d == 0] = 1
            d_edges = [1, hi, hi, lo if signed else 2, 3, 7, 1, 7, 3, 7, 2, 2]
            if signed:
                d_edges += [-1, -1, 2, -2, -2, 7, -1, lo, lo, hi]
            plant(d, d_edges, self.vcols)
            tiles.append(d)
        return tiles

    def reference(self, a, b, s, d=None):
        dt = self.dt
        k = {name: wrap(v, dt) for name, v in self.scalars.items()}
        x = a.astype(np.int64)
        full = {
            "band": a & b, "bor": a | b, "bxor": a ^ b, "bnot": ~a,
            "shl": _shl(a, s), "shr": _shr(a, s),
        }
        for name, v in k.items():
            if name.startswith("ands"):
                full[name] = a & v
            elif name.startswith("ors"):
                full[name] = a | v
            elif name.startswith("xors"):
                full[name] = a ^ v
            elif name.startswith("rems"):
                full[name] = np.remainder(x, int(v)).astype(dt)
            elif name.startswith("fmods"):
                full[name] = np.fmod(x, int(v)).astype(dt)
        if d is not None:
            y = d.astype(np.int64)
            full["rem"] = np.remainder(x, y).astype(dt)
            full["fmod"] = np.fmod(x, y).astype(dt)
        return self.finish(full, a)

    def generate(self, out_dir):
        write_case(out_dir, self.inputs, self.make_inputs(), self.reference)


class FloatCase(_Case):
    """A float case: a (dividends) and b (divisors) with zeros of both signs, infinities, NaN
    and values far apart in magnitude; scalars {output: value} are rounded to the element type."""

    def __init__(self, dt, arch, rows, cols, vrows, vcols, seed, outs, scalars, dps=False):
        super().__init__(dt, arch, rows, cols, vrows, vcols, seed, outs, dps)
        self.scalars = scalars
        self.CASE = self.case(("a", "b"))

    def make_inputs(self):
        dt = self.dt
        rng = np.random.default_rng(self.seed)
        shape = (self.rows, self.cols)
        big = float(np.finfo(dt).max)
        tiny = float(np.finfo(dt).smallest_subnormal)
        mag = 4.0 if dt == np.float16 else 30.0
        a = (rng.uniform(-1, 1, shape) * 10.0 ** rng.uniform(-mag, mag, shape)).astype(dt)
        b = (rng.uniform(-1, 1, shape) * 10.0 ** rng.uniform(-2, 2, shape)).astype(dt)
        inf, nan = np.inf, np.nan
        pairs = [
            (7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0),  # every sign combination
            (6.0, 3.0), (-6.0, 3.0), (6.0, -3.0), (-6.0, -3.0),  # exact multiples: signed zeros
            (0.0, 3.0), (-0.0, 3.0), (0.0, -3.0), (-0.0, -3.0),
            (5.0, 0.0), (5.0, -0.0), (0.0, 0.0), (-5.0, 0.0),    # zero divisor: NaN
            (inf, 2.0), (-inf, 2.0), (inf, inf), (nan, 2.0), (2.0, nan),
            (5.0, inf), (-5.0, inf), (5.0, -inf), (-5.0, -inf), (0.0, inf),
            (big, 3.0), (-big, 3.0), (big, -7.0), (tiny, 1.0), (-tiny, 1.0), (1.0, tiny),
            (1e-3, 1e3), (-1e-3, 1e3), (1e3, 1e-3), (100.0, 0.1), (-1.0, 1.0), (2.5, 0.5),
        ]
        plant(a, [p[0] for p in pairs], self.vcols)
        plant(b, [p[1] for p in pairs], self.vcols)
        return [a, b]

    def reference(self, a, b):
        dt = self.dt
        x, y = a.astype(np.float64), b.astype(np.float64)
        with np.errstate(all="ignore"):
            full = {"rem": np.remainder(x, y).astype(dt), "fmod": np.fmod(x, y).astype(dt)}
            for name, v in self.scalars.items():
                k = np.float64(dt(v))
                op = np.remainder if name.startswith("rems") else np.fmod
                full[name] = op(x, k).astype(dt)
        return self.finish(full, a)

    def generate(self, out_dir):
        write_case(out_dir, ("a", "b"), self.make_inputs(), self.reference)


def here(path):
    return os.path.dirname(os.path.abspath(path))


# ---- What the integer (bitwise/<type>_*) and float (bitwise/remainder_*) kernels share:
# shapes and scalars by element type ----

DTYPES = {
    "i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
    "i32": np.int32, "ui32": np.uint32, "f16": np.float16, "f32": np.float32,
}
# element size in bytes -> (rows, cols, valid rows, valid cols)
SHAPES = {1: (8, 64, 6, 40), 2: (6, 32, 5, 27), 4: (6, 16, 5, 11)}
# the remainder_* kernels' results and scalar operands
FLOAT_OUTS = "rem fmod rems rems_n rems_0 fmods fmods_n"
FLOAT_SCALARS = {"rems": 2.5, "rems_n": -0.75, "rems_0": 0.0, "fmods": 2.5, "fmods_n": -0.75}


def int_scalars(dt):
    """The scalar operand of each scalar result as the integer kernels declare it (the reference
    wraps it to the element type)."""
    info = np.iinfo(dt)
    return {"ands": 0x5AF0 if info.bits <= 16 else 0x5A5AF0F0, "ors": -3 if info.min < 0 else 3,
            "xors": int(info.max), "rems": 7, "fmods": 7, "rems_n": -7, "fmods_n": -3,
            "rems_tmp": 7}


def _make(cls, dtype, arch, seed, outs, scalars, dps):
    dt = DTYPES[dtype]
    outs = outs.split()
    c = cls(dt, arch, *SHAPES[np.dtype(dt).itemsize], seed, outs,
            {o: v for o, v in scalars.items() if o in outs}, dps=dps)
    return c.CASE, c.generate


def bit_case(dtype, arch, seed, outs, dps=False):
    """CASE and generate() of an integer case: outs are the kernel's results in order (names
    separated by spaces); dps: the kernel writes them through pointer parameters."""
    return _make(IntCase, dtype, arch, seed, outs, int_scalars(DTYPES[dtype]), dps)


def rem_case(dtype, arch, seed, dps=False, outs=FLOAT_OUTS):
    """CASE and generate() of a float remainder case (results outs, by default FLOAT_OUTS)."""
    return _make(FloatCase, dtype, arch, seed, outs, FLOAT_SCALARS, dps)
