"""Tile-tile ops on 32x16 (valid 13x7) f32 (a5, SSA): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F32
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = F32.widen, F32.narrow, F32.to_tile

ROWS, COLS = 32, 16
VROWS, VCOLS = 13, 7  # the valid region: the only elements the instructions write
SEED = 105

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "float32"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "float32"},
        {"target": "prod", "expect": "prod.expect.bin", "dtype": "float32"},
        {"target": "quot", "expect": "quot.expect.bin", "dtype": "float32"},
        {"target": "hi", "expect": "hi.expect.bin", "dtype": "float32"},
        {"target": "lo", "expect": "lo.expect.bin", "dtype": "float32"},
    ],
}


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0),
    (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf), (np.inf, -np.inf), (-np.inf, -np.inf),
    (np.inf, 0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (np.nan, -np.inf),
    (-np.inf, np.nan), (3.4e38, 3.4e38), (-3.4e38, 3.4e38), (3.4e38, 0.5), (3.4e38, -2.0),
    (3.4028235e38, 1.0e31), (3.4028235e38, 2.03e31), (1.0e-45, 1.0e-45), (1.0e-45, -1.0e-45),
    (1.0e-40, 3.0), (1.0e-20, 1.0e-20), (1.0e-30, 1.0e30), (1.0e-38, 4.0),
    (1.1754944e-38, -0.5), (1.0e-45, 0.5), (4.2e-45, 0.5), (-5.0, 3.0), (5.0, -3.0),
    (-2.5, -2.5), (1.0, 1.0e-8), (16777216.0, 1.0), (0.1, 0.2), (1.0, 3.0), (-7.0, 7.0),
]


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (to_tile(spread(rng, (ROWS, COLS), 4)) for _ in range(2))
    plant(a, to_tile([e[0] for e in EDGES]), VCOLS)
    plant(b, to_tile([e[1] for e in EDGES]), VCOLS)
    return a, b


def reference(a, b):
    """Expected result tiles, keyed by output name."""
    x, y = widen(a), widen(b)
    with np.errstate(all="ignore"):
        full = {
            "sum": narrow(x + y),
            "diff": narrow(x - y),
            "prod": narrow(x * y),
            "quot": narrow(x / y),
            "hi": narrow(np.maximum(x, y)),  # NaN wins
            "lo": narrow(np.minimum(x, y)),  # NaN wins
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "b"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
