"""TADD TSUB TMAX TMIN on 8x64 (valid 6x40) i8 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import wrap
from reference.tiles import in_valid_region, plant, random_ints, write_case

ROWS, COLS = 8, 64
VROWS, VCOLS = 6, 40  # the valid region: the only elements the instructions write
SEED = 108

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"] + ["zeros:512"] * 4,  # inputs, then one buffer per result
    "outs": [
        {"target": "3", "expect": "sum.expect.bin", "dtype": "int8"},
        {"target": "4", "expect": "diff.expect.bin", "dtype": "int8"},
        {"target": "5", "expect": "hi.expect.bin", "dtype": "int8"},
        {"target": "6", "expect": "lo.expect.bin", "dtype": "int8"},
    ],
}


DT = np.int8
WIDE = np.int64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (MAX, 1), (MIN, -1), (MAX, MAX), (MIN, MIN), (MIN, 1), (MAX, -1), (MAX, 2), (MIN, 2),
    (MIN + 1, -1), (MIN, MAX), (MAX, MIN), (-1, MIN), (1, MAX), (0, 5), (0, -5), (-7, 2),
    (7, -2), (-7, -2), (7, 2), (-1, 1), (1, -1), (100, 7), (-100, 7), (MAX, 3),
    (5, 0), (0, 0), (MIN, 0),
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
    # Outside the valid region each result tile keeps what it held: %a's values.
    return in_valid_region(full, a, VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "b"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
