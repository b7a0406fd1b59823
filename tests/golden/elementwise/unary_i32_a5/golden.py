"""TABS TNEG TRELU on 16x8 (valid 10x5) i32 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import wrap
from reference.tiles import in_valid_region, plant, random_ints, write_case

ROWS, COLS = 16, 8
VROWS, VCOLS = 10, 5  # the valid region: the only elements the instructions write
SEED = 210

CASE = {
    "arch": "a5",
    "args": ["x.bin"],
    "outs": [
        {"target": "abs", "expect": "abs.expect.bin", "dtype": "int32"},
        {"target": "neg", "expect": "neg.expect.bin", "dtype": "int32"},
        {"target": "relu", "expect": "relu.expect.bin", "dtype": "int32"},
    ],
}


DT = np.int32
WIDE = np.int64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    MIN, MAX, MIN + 1, MAX - 1, 0, 1, -1, 2, -2, 7, -7, 100, -100,
]


def inputs():
    rng = np.random.default_rng(SEED)
    x = random_ints(rng, (ROWS, COLS), DT)
    plant(x, EDGES, VCOLS)
    return (x,)


def reference(x):
    """Expected result tiles, keyed by output name."""
    v = x.astype(WIDE)
    full = {
        "abs": wrap(np.abs(v), DT),
        "neg": wrap(-v, DT),
        "relu": np.maximum(x, 0).astype(DT),
    }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(x), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("x",), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
