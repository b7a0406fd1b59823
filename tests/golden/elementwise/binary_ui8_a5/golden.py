"""TADD TSUB TMAX TMIN on 32x32 ui8 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import wrap
from reference.tiles import in_valid_region, plant, random_ints, write_case

ROWS, COLS = 32, 32
VROWS, VCOLS = 32, 32  # the valid region: the only elements the instructions write
SEED = 109

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "uint8"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "uint8"},
        {"target": "hi", "expect": "hi.expect.bin", "dtype": "uint8"},
        {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint8"},
    ],
}


DT = np.uint8
WIDE = np.uint64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)
HALF = (MAX + 1) // 2


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (MAX, 1), (0, 1), (MAX, MAX), (MAX, 2), (0, MAX), (1, MAX), (HALF, HALF), (HALF, 2),
    (7, 2), (2, 7), (100, 7), (MAX, 7), (MAX - 1, MAX),
    (5, 0), (0, 0), (MAX, 0),
]


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (random_ints(rng, (ROWS, COLS), DT) for _ in range(2))
    plant(a, [e[0] for e in EDGES], VCOLS)
    plant(b, [e[1] for e in EDGES], VCOLS)
    return a, b


def reference(a, b):
    """Expected result tiles, keyed by output name."""
    x, y = a.astype(WIDE), b.astype(WIDE)
    full = {
        "sum": wrap(x + y, DT),
        "diff": wrap(x - y, DT),
        "hi": np.maximum(a, b),
        "lo": np.minimum(a, b),
    }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "b"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
