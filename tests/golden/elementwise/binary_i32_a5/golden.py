"""TADD TSUB TMUL TDIV TMAX TMIN on 4x64 (valid 3x50) i32 (a5, SSA): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import div, wrap
from reference.tiles import in_valid_region, plant, random_ints, small_divisors, write_case

ROWS, COLS = 4, 64
VROWS, VCOLS = 3, 50  # the valid region: the only elements the instructions write
SEED = 112

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "int32"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "int32"},
        {"target": "prod", "expect": "prod.expect.bin", "dtype": "int32"},
        {"target": "quot", "expect": "quot.expect.bin", "dtype": "int32"},
        {"target": "hi", "expect": "hi.expect.bin", "dtype": "int32"},
        {"target": "lo", "expect": "lo.expect.bin", "dtype": "int32"},
    ],
}


DT = np.int32
WIDE = np.int64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (MAX, 1), (MIN, -1), (MAX, MAX), (MIN, MIN), (MIN, 1), (MAX, -1), (MAX, 2), (MIN, 2),
    (MIN + 1, -1), (MIN, MAX), (MAX, MIN), (-1, MIN), (1, MAX), (0, 5), (0, -5), (-7, 2),
    (7, -2), (-7, -2), (7, 2), (-1, 1), (1, -1), (100, 7), (-100, 7), (MAX, 3),
    (MIN, -1), (MIN, -3), (MAX, -3), (-1, MAX),
]


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (random_ints(rng, (ROWS, COLS), DT) for _ in range(2))
    b = small_divisors(rng, b)
    plant(a, [e[0] for e in EDGES], VCOLS)
    plant(b, [e[1] for e in EDGES], VCOLS)
    return a, b


def reference(a, b):
    """Expected result tiles, keyed by output name."""
    x, y = a.astype(WIDE), b.astype(WIDE)
    full = {
        "sum": wrap(x + y, DT),
        "diff": wrap(x - y, DT),
        "prod": wrap(x * y, DT),
        "quot": div(x, y, DT),
        "hi": np.maximum(a, b),
        "lo": np.minimum(a, b),
    }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "b"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
