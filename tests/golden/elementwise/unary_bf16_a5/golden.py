"""TNEG on 16x16 bf16 (a5, SSA): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import BF16
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = BF16.widen, BF16.narrow, BF16.to_tile

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 207

CASE = {
    "arch": "a5",
    "args": ["x.bin"],
    "outs": [
        {"target": "neg", "expect": "neg.expect.bin", "dtype": "bfloat16"},
    ],
}


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 9.2e-41, -9.2e-41, 3.38e38, -3.38e38, 1.0, -1.0, 0.1,
]


def inputs():
    rng = np.random.default_rng(SEED)
    x = to_tile(spread(rng, (ROWS, COLS), 4))
    plant(x, to_tile(EDGES), VCOLS)
    return (x,)


def reference(x):
    """Expected result tiles, keyed by output name."""
    x32 = widen(x)
    with np.errstate(all="ignore"):
        full = {
            "neg": narrow(-x32),
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(x), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("x",), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
