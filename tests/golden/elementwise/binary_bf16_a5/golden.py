"""TADD on 16x16 bf16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import BF16
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = BF16.widen, BF16.narrow, BF16.to_tile

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 107

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "bfloat16"},
    ],
}


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf),
    (np.inf, -np.inf), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (3.38e38, 3.38e38),
    (-3.38e38, 3.38e38), (3.3895e38, 1.0e36), (3.3895e38, 5.0e35), (9.2e-41, 9.2e-41),
    (1.0e-39, -9.2e-41), (1.175e-38, 1.175e-38), (1.0, 0.00390625), (1.0078125, 0.00390625),
    (-5.0, 3.0), (0.1, 0.2), (256.0, 1.0), (-2.5, -2.5),
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
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a", "b"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
