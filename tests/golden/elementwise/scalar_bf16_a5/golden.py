"""Tile-scalar ops on 16x32 (valid 9x21) bf16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import BF16
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = BF16.widen, BF16.narrow, BF16.to_tile

ROWS, COLS = 16, 32
VROWS, VCOLS = 9, 21  # the valid region: the only elements the instructions write
SEED = 309

CASE = {
    "arch": "a5",
    "args": ["a.bin"],
    "outs": [
        {"target": "adds", "expect": "adds.expect.bin", "dtype": "bfloat16"},
        {"target": "subs", "expect": "subs.expect.bin", "dtype": "bfloat16"},
        {"target": "muls", "expect": "muls.expect.bin", "dtype": "bfloat16"},
        {"target": "maxs", "expect": "maxs.expect.bin", "dtype": "bfloat16"},
        {"target": "mins", "expect": "mins.expect.bin", "dtype": "bfloat16"},
    ],
}


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 9.2e-41, -9.2e-41, 1.0e-40, 3.38e38, -3.38e38, 1.2e38,
    1.0, -1.0, 0.1, -2.5, 0.5, 256.0, -0.5,
]
# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f32", 0.1),
    "subs": ("f32", 3.4e38),
    "muls": ("bf16", 3.0),
    "maxs": ("f32", 1.0e-40),
    "mins": ("f32", -0.5),
}


def inputs():
    rng = np.random.default_rng(SEED)
    a = to_tile(spread(rng, (ROWS, COLS), 4))
    plant(a, to_tile(EDGES), VCOLS)
    return (a,)


def reference(a):
    """Expected result tiles, keyed by output name."""
    # Each scalar is converted to the tile type first (round to nearest even), then
    # the instruction computes in f32 and rounds once.
    k = {n: widen(narrow(np.array([np.float16(v) if ty == "f16" else v], np.float32)))[0]
         for n, (ty, v) in SCALARS.items()}
    x = widen(a)
    with np.errstate(all="ignore"):
        full = {
            "adds": narrow(x + k["adds"]),
            "subs": narrow(x - k["subs"]),
            "muls": narrow(x * k["muls"]),
            "maxs": narrow(np.maximum(x, k["maxs"])),  # NaN wins
            "mins": narrow(np.minimum(x, k["mins"])),  # NaN wins
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a",), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
