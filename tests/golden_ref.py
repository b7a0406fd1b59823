"""Numpy helpers shared by the golden references (tests/golden/*/golden.py, samples/*/golden.py).

A golden.py puts this directory on sys.path relative to its own file, so it works both as a
script from any directory and when golden_case.py / golden_data_check.py load it with runpy:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    from golden_ref import ...

(from samples/<name>/golden.py the path ends "..", "..", "tests").

The committed .bin files depend on these functions bit for bit: a change here must leave
`golden_data_check.py` passing on every case.
"""
import os

import numpy as np

# bf16, held as uint16 bit patterns.


def to_bf16(x, nan=None):
    """float32 values -> bf16 bit patterns (uint16), round to nearest even.

    A NaN keeps its sign and top payload bits and is made quiet, as the interpreter converts;
    with nan=<pattern> (e.g. 0x7FC0) every NaN becomes that pattern instead.
    """
    x = np.asarray(x, np.float32)
    bits = x.view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    quiet = (bits >> 16) | 0x40 if nan is None else nan
    return np.where(np.isnan(x), quiet, rounded).astype(np.uint16)


def from_bf16(b):
    """bf16 bit patterns -> float32 values (exact)."""
    return (np.asarray(b, np.uint16).astype(np.uint32) << 16).view(np.float32)


# Float tiles: compute in float32, round once to the element type.


class FloatTile:
    """Conversions for tiles of float16 or float32 elements (see F16, F32)."""

    def __init__(self, dtype):
        self.dtype = dtype

    def to_tile(self, v):
        """Values (taken as float64) rounded once to the tile's element type."""
        return np.asarray(v, np.float64).astype(self.dtype)

    # float64 results (transcendentals) are rounded once, directly, the same way.
    narrow64 = to_tile

    def widen(self, t):
        """Tile elements as float32, the type every instruction computes in."""
        return t.astype(np.float32)

    def narrow(self, y):
        """float32 results rounded once to the element type (nearest even; overflow to inf)."""
        with np.errstate(over="ignore"):
            return np.asarray(y, np.float32).astype(self.dtype, copy=False)


class BF16Tile:
    """Conversions for bf16 tiles (uint16 bit patterns); every NaN becomes 0x7FC0."""

    def to_tile(self, v):
        """Values (taken as float64) rounded to float32, then to bf16 bit patterns."""
        return self.narrow(np.asarray(v, np.float64).astype(np.float32))

    def widen(self, t):
        """bf16 bit patterns as float32 values (exact)."""
        return from_bf16(t)

    def narrow(self, y):
        """float32 results rounded to bf16 bit patterns (nearest even; NaN -> 0x7FC0)."""
        return to_bf16(y, nan=0x7FC0)


F32 = FloatTile(np.float32)
F16 = FloatTile(np.float16)
BF16 = BF16Tile()

# Integers: compute exactly in 64 bits, then wrap (two's complement).


def wrap(x, dt):
    """Exact integer results reduced modulo 2^bits into the integer type dt."""
    return np.asarray(x).astype(dt)


def div(x, y, dt):
    """Integer division truncating toward zero, wrapped into dt (MIN / -1 wraps to MIN)."""
    if np.issubdtype(dt, np.unsignedinteger):
        return wrap(np.asarray(x, np.uint64) // np.asarray(y, np.uint64), dt)
    x, y = np.asarray(x, np.int64), np.asarray(y, np.int64)
    q = np.abs(x) // np.abs(y)
    return wrap(np.where((x < 0) != (y < 0), -q, q), dt)


def shl(t, s):
    """Integer tile t << s, the bits shifted out lost; a count of the width or more gives 0."""
    if s >= 8 * t.dtype.itemsize:
        return np.zeros_like(t)
    u = np.dtype(f"u{t.dtype.itemsize}")
    return (t.view(u).astype(np.uint64) << np.uint64(s)).astype(u).view(t.dtype)


def shr(t, s):
    """Integer tile t >> s: arithmetic for signed types, logical for unsigned. A count of the
    width or more gives the sign fill (0 or -1), or 0 for unsigned types."""
    bits = 8 * t.dtype.itemsize
    if np.issubdtype(t.dtype, np.signedinteger):
        return t >> min(s, bits - 1)
    return t >> s if s < bits else np.zeros_like(t)


# Input tiles.


def random_ints(rng, shape, dt):
    """Integers drawn uniformly from the whole range of dt."""
    info = np.iinfo(dt)
    return rng.integers(int(info.min), int(info.max), shape, dtype=dt, endpoint=True)


def spread(rng, shape, decades):
    """float64 values of random sign, magnitudes log-uniform over 10^-decades..10^decades."""
    return rng.uniform(-1, 1, shape) * 10.0 ** rng.uniform(-decades, decades, shape)


def small_divisors(rng, d):
    """Divisor tile d with about half its elements replaced by small values (-20..20, or 1..20
    for unsigned types) and no zeros (integer division by zero is an error)."""
    low = 1 if np.issubdtype(d.dtype, np.unsignedinteger) else -20
    small = rng.integers(low, 21, d.shape).astype(d.dtype)
    d = np.where(rng.random(d.shape) < 0.5, small, d)
    d[d == 0] = 1
    return d


def plant(tile, values, cols):
    """Writes values row by row from the top-left corner of a region cols wide (the valid
    region), where the instructions will meet them."""
    for n, v in enumerate(values):
        tile[n // cols, n % cols] = v


# Expected results.


def in_valid_region(full, before, vrows, vcols):
    """Result tiles as the instructions leave them: each of the full-tile results (a dict)
    inside the valid region (the top-left vrows x vcols), what the tile held (before) outside."""
    out = {}
    for name, value in full.items():
        out[name] = before.copy()
        out[name][:vrows, :vcols] = value[:vrows, :vcols]
    return out


def write_case(out_dir, names, tiles, reference):
    """Writes each input tile as <name>.bin, then each result of reference(*tiles) (a dict of
    expected tiles) as <name>.expect.bin."""
    for name, tile in zip(names, tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))
