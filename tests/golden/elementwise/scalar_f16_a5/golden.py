"""Tile-scalar ops on 8x32 f16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F16
from reference.tiles import in_valid_region, plant, spread, write_case

widen, narrow, to_tile = F16.widen, F16.narrow, F16.to_tile

ROWS, COLS = 8, 32
VROWS, VCOLS = 8, 32  # the valid region: the only elements the instructions write
SEED = 308

CASE = {
    "arch": "a5",
    "args": ["a.bin"],
    "outs": [
        {"target": "adds", "expect": "adds.expect.bin", "dtype": "float16"},
        {"target": "subs", "expect": "subs.expect.bin", "dtype": "float16"},
        {"target": "muls", "expect": "muls.expect.bin", "dtype": "float16"},
        {"target": "divs", "expect": "divs.expect.bin", "dtype": "float16"},
        {"target": "rdivs", "expect": "rdivs.expect.bin", "dtype": "float16"},
        {"target": "maxs", "expect": "maxs.expect.bin", "dtype": "float16"},
        {"target": "mins", "expect": "mins.expect.bin", "dtype": "float16"},
        {"target": "fill", "expect": "fill.expect.bin", "dtype": "float16"},
        {"target": "fill_inf", "expect": "fill_inf.expect.bin", "dtype": "float16"},
    ],
}


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 6.0e-8, -6.0e-8, 1.0e-5, 65504.0, -65504.0, 30000.0,
    1.0, -1.0, 0.1, -2.5, 0.5, 2.5, 70.0, 60.0, 2048.0, 1.0e-7, -0.5,
]
# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f32", 0.1),
    "subs": ("f32", 70000.0),
    "muls": ("f16", 3.0),
    "divs": ("f32", 1.0e-3),
    "rdivs": ("f16", -2.0),
    "maxs": ("f32", 1.0e-7),
    "mins": ("f16", -0.5),
    "fill": ("f32", 65519.0),
    "fill_inf": ("f32", 65520.0),
}


def inputs():
    rng = np.random.default_rng(SEED)
    a = to_tile(spread(rng, (ROWS, COLS), 2))
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
            "fill_inf": narrow(np.full((ROWS, COLS), k["fill_inf"], np.float32)),
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(a), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("a",), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
