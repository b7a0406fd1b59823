"""Tile-scalar ops on 4x64 (valid 4x50) ui8 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import div, shl, shr, wrap
from reference.tiles import in_valid_region, plant, random_ints, small_divisors, write_case

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


def inputs():
    rng = np.random.default_rng(SEED)
    a = random_ints(rng, (ROWS, COLS), DT)
    plant(a, EDGES, VCOLS)
    d = small_divisors(rng, random_ints(rng, (ROWS, COLS), DT))
    plant(d, DIVISOR_EDGES, VCOLS)
    return a, d


def reference(a, d):
    """Expected result tiles, keyed by output name."""
    # Each scalar is converted to the element type first (wrapping).
    k = {n: wrap(v, DT) for n, v in SCALARS.items()}
    x = a.astype(WIDE)
    full = {
        "adds": wrap(x + k["adds"].astype(WIDE), DT),
        "subs": wrap(x - k["subs"].astype(WIDE), DT),
        "muls": wrap(x * k["muls"].astype(WIDE), DT),
        "divs": div(x, k["divs"], DT),
        "rdivs": div(k["rdivs"], d, DT),
        "maxs": np.maximum(a, k["maxs"]),
        "mins": np.minimum(a, k["mins"]),
        "shl": shl(a, SCALARS["shl"]),
        "shl_w": shl(a, SCALARS["shl_w"]),
        "shr": shr(a, SCALARS["shr"]),
        "shr_w": shr(a, SCALARS["shr_w"]),
        "fill": np.full((ROWS, COLS), k["fill"], DT),
    }
    # Outside the valid region each result tile keeps what it held: %a's values.
    return in_valid_region(full, a, VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "d"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
