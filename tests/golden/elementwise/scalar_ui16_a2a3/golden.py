"""TSHLS TSHRS on 16x16 ui16 (a2a3, sync): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import shl, shr, wrap
from reference.tiles import in_valid_region, plant, random_ints, write_case

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 305

CASE = {
    "args": ["a.bin"],
    "outs": [
        {"target": "shl", "expect": "shl.expect.bin", "dtype": "uint16"},
        {"target": "shl_w", "expect": "shl_w.expect.bin", "dtype": "uint16"},
        {"target": "shr", "expect": "shr.expect.bin", "dtype": "uint16"},
        {"target": "shr_w", "expect": "shr_w.expect.bin", "dtype": "uint16"},
    ],
}


DT = np.uint16
WIDE = np.uint64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)
HALF = (MAX + 1) // 2


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0, 1, 2, 3, 7, 100, MAX, MAX - 1, HALF, HALF - 1,
]
# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "shl": 5,  # i32
    "shl_w": 16,  # i32
    "shr": 9,  # i32
    "shr_w": 20,  # i32
}


def inputs():
    rng = np.random.default_rng(SEED)
    a = random_ints(rng, (ROWS, COLS), DT)
    plant(a, EDGES, VCOLS)
    return (a,)


def reference(a):
    """Expected result tiles, keyed by output name."""
    # Each scalar is converted to the element type first (wrapping).
    k = {n: wrap(v, DT) for n, v in SCALARS.items()}
    x = a.astype(WIDE)
    full = {
        "shl": shl(a, SCALARS["shl"]),
        "shl_w": shl(a, SCALARS["shl_w"]),
        "shr": shr(a, SCALARS["shr"]),
        "shr_w": shr(a, SCALARS["shr_w"]),
    }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a",), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
