"""Tile-scalar ops on 32x16 (valid 30x9) f32 (a5, SSA): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F32
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = F32.widen, F32.narrow, F32.to_tile

ROWS, COLS = 32, 16
VROWS, VCOLS = 30, 9  # the valid region: the only elements the instructions write
SEED = 307

CASE = {
    "arch": "a5",
    "args": ["a.bin"],
    "outs": [
        {"target": "adds", "expect": "adds.expect.bin", "dtype": "float32"},
        {"target": "subs", "expect": "subs.expect.bin", "dtype": "float32"},
        {"target": "muls", "expect": "muls.expect.bin", "dtype": "float32"},
        {"target": "divs", "expect": "divs.expect.bin", "dtype": "float32"},
        {"target": "rdivs", "expect": "rdivs.expect.bin", "dtype": "float32"},
        {"target": "maxs", "expect": "maxs.expect.bin", "dtype": "float32"},
        {"target": "mins", "expect": "mins.expect.bin", "dtype": "float32"},
        {"target": "fill", "expect": "fill.expect.bin", "dtype": "float32"},
    ],
}


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 1.0e-45, -1.0e-45, 1.0e-40, 3.4028235e38,
    -3.4028235e38, 1.2e38, 1.0, -1.0, 0.1, -2.5, 0.5, 2.5, 1.0e-39, 3.0e-39, 1.0e38, 2.0e38,
    16777216.0, -1.0e-40,
]
# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f16", 0.1),
    "subs": ("f32", -2.5),
    "muls": ("f32", 3.0),
    "divs": ("f32", 0.3),
    "rdivs": ("f32", -2.0),
    "maxs": ("f32", 0.5),
    "mins": ("f32", -1.0e-40),
    "fill": ("f32", -0.1),
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
            "divs": narrow(x / k["divs"]),
            "rdivs": narrow(k["rdivs"] / x),
            "maxs": narrow(np.maximum(x, k["maxs"])),  # NaN wins
            "mins": narrow(np.minimum(x, k["mins"])),  # NaN wins
            "fill": narrow(np.full((ROWS, COLS), k["fill"], np.float32)),
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a",), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
