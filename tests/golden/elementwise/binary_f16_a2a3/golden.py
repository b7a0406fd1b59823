"""TADD TSUB TMUL TDIV TMAX TMIN on 8x64 f16 (a2a3, DPS): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F16
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = F16.widen, F16.narrow, F16.to_tile

ROWS, COLS = 8, 64
VROWS, VCOLS = 8, 64  # the valid region: the only elements the instructions write
SEED = 102

CASE = {
    "args": ["a.bin", "b.bin"] + ["zeros:512"] * 6,  # inputs, then one buffer per result
    "outs": [
        {"target": "3", "expect": "sum.expect.bin", "dtype": "float16"},
        {"target": "4", "expect": "diff.expect.bin", "dtype": "float16"},
        {"target": "5", "expect": "prod.expect.bin", "dtype": "float16"},
        {"target": "6", "expect": "quot.expect.bin", "dtype": "float16"},
        {"target": "7", "expect": "hi.expect.bin", "dtype": "float16"},
        {"target": "8", "expect": "lo.expect.bin", "dtype": "float16"},
    ],
}


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0),
    (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf), (np.inf, -np.inf), (-np.inf, -np.inf),
    (np.inf, 0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (np.nan, -np.inf),
    (-np.inf, np.nan), (65504.0, 65504.0), (-65504.0, 65504.0), (65504.0, 0.5),
    (65504.0, -2.0), (65504.0, 16.0), (65504.0, 15.0), (6.0e-8, 6.0e-8), (6.0e-8, -6.0e-8),
    (1.0e-6, 3.0), (1.0e-3, 1.0e-3), (1.0e-4, 1.0e4), (6.1e-5, 4.0), (6.104e-5, -0.5),
    (6.0e-8, 0.5), (1.8e-7, 0.5), (-5.0, 3.0), (5.0, -3.0), (-2.5, -2.5), (1.0, 1.0e-4),
    (2048.0, 1.0), (0.1, 0.2), (1.0, 3.0), (-7.0, 7.0),
]


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (to_tile(spread(rng, (ROWS, COLS), 2)) for _ in range(2))
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
