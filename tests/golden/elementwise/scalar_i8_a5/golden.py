"""Tile-scalar ops on 8x32 i8 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import div, shl, shr, wrap
from reference.tiles import in_valid_region, plant, random_ints, small_divisors, write_case

ROWS, COLS = 8, 32
VROWS, VCOLS = 8, 32  # the valid region: the only elements the instructions write
SEED = 310

CASE = {
    "arch": "a5",
    "args": ["a.bin", "d.bin"],
    "outs": [
        {"target": "adds", "expect": "adds.expect.bin", "dtype": "int8"},
        {"target": "subs", "expect": "subs.expect.bin", "dtype": "int8"},
        {"target": "muls", "expect": "muls.expect.bin", "dtype": "int8"},
        {"target": "divs", "expect": "divs.expect.bin", "dtype": "int8"},
        {"target": "rdivs", "expect": "rdivs.expect.bin", "dtype": "int8"},
        {"target": "maxs", "expect": "maxs.expect.bin", "dtype": "int8"},
        {"target": "mins", "expect": "mins.expect.bin", "dtype": "int8"},
        {"target": "shl", "expect": "shl.expect.bin", "dtype": "int8"},
        {"target": "shl_w", "expect": "shl_w.expect.bin", "dtype": "int8"},
        {"target": "shr", "expect": "shr.expect.bin", "dtype": "int8"},
        {"target": "shr_w", "expect": "shr_w.expect.bin", "dtype": "int8"},
        {"target": "fill", "expect": "fill.expect.bin", "dtype": "int8"},
    ],
}


DT = np.int8
WIDE = np.int64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    MIN, MAX, MIN + 1, MAX - 1, 0, 1, -1, 2, -2, 3, -3, 7, -7, 100, -100,
]
# Divisors planted in %d (the scalar-first tdivs divides by them).
DIVISOR_EDGES = [
    -1, 1, MIN, MAX, 2, -2, 3, 7, -7, MIN + 1,
]
# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": 300,  # i32
    "subs": 250,  # ui8
    "muls": 3,  # i32
    "divs": -3,  # i32
    "rdivs": 1000,  # i32
    "maxs": -5,  # i8
    "mins": 7,  # i8
    "shl": 3,  # i32
    "shl_w": 8,  # i32
    "shr": 5,  # i32
    "shr_w": 11,  # i32
    "fill": 200,  # i32
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
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "d"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
