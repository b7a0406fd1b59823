"""Tiles by PTO element type name (f32, f16, bf16, i8 ... ui64): the numpy storage of each
type and the dtype name golden_case.py compares it as, input tiles with the type's edge values,
exact widening and the rounding or wrapping a result of the type gets, and CASE outs named
after the rows of a case table.
"""
import numpy as np

from .numerics import from_bf16, to_bf16

# PTO element type -> (numpy storage type, golden_case dtype name)
TYPES = {
    "f32": (np.float32, "float32"), "f16": (np.float16, "float16"),
    "bf16": (np.uint16, "bfloat16"),
    "i8": (np.int8, "int8"), "ui8": (np.uint8, "uint8"),
    "i16": (np.int16, "int16"), "ui16": (np.uint16, "uint16"),
    "i32": (np.int32, "int32"), "ui32": (np.uint32, "uint32"),
    "i64": (np.int64, "int64"), "ui64": (np.uint64, "uint64"),
}


def is_float(t):
    return t in ("f32", "f16", "bf16")


def values(t, rng, shape, small=False):
    """A tile of type t with edge values in its first elements: zeros, +-0, +-inf and NaN for
    floats, the minimum and maximum for integers; random values elsewhere (small: |v| <= 3, so
    that products stay in range and ties are frequent)."""
    n = int(np.prod(shape))
    if is_float(t):
        v = rng.integers(-3, 4, size=n).astype(np.float64) if small else rng.normal(0, 8, size=n)
        edges = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.5, -2.25]
        v[: len(edges)] = edges
        v = v.reshape(shape)
        return to_bf16(v.astype(np.float32)) if t == "bf16" else v.astype(TYPES[t][0])
    dt = TYPES[t][0]
    info = np.iinfo(dt)
    if small:
        lo = 0 if info.min == 0 else -3
        v = rng.integers(lo, 4, size=n)
    else:
        v = rng.integers(int(info.min), int(info.max) + 1, size=n, dtype=np.int64)
        v[:4] = [info.min, info.max, 0, info.min + 1]
    return v.astype(dt).reshape(shape)


def bits_type(t):
    """The unsigned numpy type of t's element width (t's bit patterns)."""
    return np.dtype(f"uint{8 * np.dtype(TYPES[t][0]).itemsize}")


def bits_name(t):
    """The dtype name golden_case compares t as where its bits must match: floats as their
    unsigned patterns (signs of zero, NaN payloads), integers as themselves."""
    return bits_type(t).name if is_float(t) else TYPES[t][1]


def widen(t, x):
    """Tile elements as float64 (floats) or int64 (integers), exactly."""
    if t == "bf16":
        return from_bf16(x).astype(np.float64)
    return x.astype(np.float64) if is_float(t) else x.astype(np.int64)


def narrow(t, y):
    """Results stored in type t: floats rounded once (round to nearest even), integers (exact,
    as int64) wrapped modulo 2^bits."""
    if t == "bf16":
        return to_bf16(np.asarray(y, dtype=np.float32))
    if is_float(t):
        return np.asarray(y).astype(TYPES[t][0])
    dt = np.dtype(TYPES[t][0])
    u = np.asarray(y).astype(np.int64).view(np.uint64)
    return u.astype(np.dtype(f"uint{dt.itemsize * 8}")).view(dt)


def result_outs(prefix, table, type_of):
    """CASE outs comparing result <prefix><name> of each table row in the row's type."""
    return [{"target": f"{prefix}{c[0]}", "expect": f"{prefix}{c[0]}.expect.bin",
             "dtype": TYPES[type_of(c)][1]} for c in table]
