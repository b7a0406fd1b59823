"""Tile-scalar ops on 4x64 (valid 4x50) ui8 (a5, DPS): MIN/MAX operands that wrap."""
import os

import numpy as np

ROWS, COLS = 4, 64
VROWS, VCOLS = 4, 50  # the valid region: the only elements the instructions write
SEED = 311

CASE = {
    "arch": "a5",
    "args": ["a.bin", "d.bin"] + ["zeros:256"] * 12,  # inputs, then one buffer per result
    "outs": [
        {"target": "3", "expect": "adds.expect.bin", "dtype": "uint8"},
        {"target": "4", "expect": "subs.expect.bin", "dtype": "uint8"},
        {"target": "5", "expect": "muls.expect.bin", "dtype": "uint8"},
        {"target": "6", "expect": "divs.expect.bin", "dtype": "uint8"},
        {"target": "7", "expect": "rdivs.expect.bin", "dtype": "uint8"},
        {"target": "8", "expect": "maxs.expect.bin", "dtype": "uint8"},
        {"target": "9", "expect": "mins.expect.bin", "dtype": "uint8"},
        {"target": "10", "expect": "shl.expect.bin", "dtype": "uint8"},
        {"target": "11", "expect": "shl_w.expect.bin", "dtype": "uint8"},
        {"target": "12", "expect": "shr.expect.bin", "dtype": "uint8"},
        {"target": "13", "expect": "shr_w.expect.bin", "dtype": "uint8"},
        {"target": "14", "expect": "fill.expect.bin", "dtype": "uint8"},
    ],
}


DT = np.uint8
WIDE = np.uint64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)
HALF = (MAX + 1) // 2
BITS = 8


def wrap(x):
    """Exact results reduced modulo 2^BITS into the element type (two's complement)."""
    return np.asarray(x).astype(DT)


def div(x, y):
    """Unsigned integer division."""
    return wrap(np.asarray(x, WIDE) // np.asarray(y, WIDE))


def shl(t, s):
    """t << s with the bits shifted out lost; a count of BITS or more gives 0."""
    if s >= BITS:
        return np.zeros_like(t)
    u = t.view(np.uint8).astype(np.uint64) << np.uint64(s)
    return u.astype(np.uint8).view(DT)


def shr(t, s):
    """Logical t >> s; a count of BITS or more gives 0."""
    return t >> s if s < BITS else np.zeros_like(t)


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0, 1, 2, 3, 7, 100, MAX, MAX - 1, HALF, HALF - 1,
]
# Divisors planted in %d (the scalar-first tdivs divides by them).
DIVISOR_EDGES = [
    1, 2, 3, 7, MAX, HALF, MAX - 1,
]
# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": 300,  # i32
    "subs": -300,  # i16
    "muls": 3,  # i32
    "divs": 3,  # i32
    "rdivs": 200,  # ui8
    "maxs": 1000,  # i32
    "mins": 100,  # ui8
    "shl": 3,  # i32
    "shl_w": 8,  # i32
    "shr": 5,  # i32
    "shr_w": 11,  # i32
    "fill": -1,  # i32
}


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a = rng.integers(MIN, MAX, (ROWS, COLS), dtype=DT, endpoint=True)
    plant(a, EDGES)
    d = rng.integers(MIN, MAX, (ROWS, COLS), dtype=DT, endpoint=True)
    small = rng.integers(1, 21, (ROWS, COLS)).astype(DT)
    d = np.where(rng.random((ROWS, COLS)) < 0.5, small, d)
    d[d == 0] = 1  # no zero divisors: integer division by zero is an error
    plant(d, DIVISOR_EDGES)
    return a, d


def reference(a, d):
    """Expected result tiles, keyed by output name."""
    # Each scalar is converted to the element type first (wrapping).
    k = {n: wrap(v) for n, v in SCALARS.items()}
    x = a.astype(WIDE)
    full = {
        "adds": wrap(x + k["adds"].astype(WIDE)),
        "subs": wrap(x - k["subs"].astype(WIDE)),
        "muls": wrap(x * k["muls"].astype(WIDE)),
        "divs": div(x, k["divs"]),
        "rdivs": div(k["rdivs"], d),
        "maxs": np.maximum(a, k["maxs"]),
        "mins": np.minimum(a, k["mins"]),
        "shl": shl(a, SCALARS["shl"]),
        "shl_w": shl(a, SCALARS["shl_w"]),
        "shr": shr(a, SCALARS["shr"]),
        "shr_w": shr(a, SCALARS["shr_w"]),
        "fill": np.full((ROWS, COLS), k["fill"], DT),
    }
    # Outside the valid region each result tile keeps what it held: %a's values.
    before = a
    out = {}
    for name, value in full.items():
        out[name] = before.copy()
        out[name][:VROWS, :VCOLS] = value[:VROWS, :VCOLS]
    return out


def generate(out_dir):
    tiles = inputs()
    for name, tile in zip(("a", "d"), tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
