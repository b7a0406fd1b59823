"""Number formats as the instructions compute them: bf16 held as uint16 bit patterns, float
tiles computed in float32 and rounded once to the element type, integers computed exactly and
wrapped (two's complement), integer division truncating toward zero, shifts.

The committed .bin files depend on these functions bit for bit: a change here must leave
`golden_data_check.py` passing on every case.
"""

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


# fp8 e4m3fn (a5): bytes.


def e4m3_table():
    """The values of codes 0x00..0x7e (the non-negative finite e4m3fn values), ascending."""
    codes = np.arange(0x7F)
    e, m = codes >> 3, codes & 7
    return np.where(e == 0, m * 2.0 ** -9, (8 + m) * 2.0 ** (e.astype(np.float64) - 10))


def to_e4m3(v):
    """float32 array -> e4m3fn bytes, nearest with ties to the even code, saturating."""
    table = e4m3_table()
    a = np.abs(v.astype(np.float64))
    hi = np.clip(np.searchsorted(table, a), 1, 0x7E)  # table[hi-1] < a <= table[hi]
    lo = hi - 1
    dlo, dhi = a - table[lo], table[hi] - a
    pick = np.where(dlo < dhi, lo, np.where(dhi < dlo, hi, np.where(lo % 2 == 0, lo, hi)))
    pick = np.where(a >= 448.0, 0x7E, pick)
    pick = np.where(np.isnan(a), 0x7F, pick | np.where(np.signbit(v), 0x80, 0))
    return pick.astype(np.uint8)
