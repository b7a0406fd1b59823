"""Unary ops on 16x16 f32 (a2a3, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F32
from reference.tiles import in_valid_region, plant, write_case

widen, narrow, narrow64, to_tile = F32.widen, F32.narrow, F32.narrow64, F32.to_tile

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 201

CASE = {
    "args": ["x.bin", "p.bin"],
    "outs": [
        {"target": "abs", "expect": "abs.expect.bin", "dtype": "float32"},
        {"target": "neg", "expect": "neg.expect.bin", "dtype": "float32"},
        {"target": "exp", "expect": "exp.expect.bin", "dtype": "float32"},
        {"target": "log", "expect": "log.expect.bin", "dtype": "float32"},
        {"target": "sqrt", "expect": "sqrt.expect.bin", "dtype": "float32"},
        {"target": "rsqrt", "expect": "rsqrt.expect.bin", "dtype": "float32"},
        {"target": "recip", "expect": "recip.expect.bin", "dtype": "float32"},
        {"target": "relu", "expect": "relu.expect.bin", "dtype": "float32"},
    ],
}


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 1.0e-45, -1.0e-45, 1.0e-40, -1.0e-40, 1.1754944e-38,
    3.4028235e38, -3.4028235e38, 88.72, 88.73, 89.0, -87.3, -103.0, -104.0, -110.0, 1.0, -1.0,
    2.0, 0.25, 4.0, 0.5, 1.0e-30, 2.9e-39, 3.0e-39, 1.0e30, 1.0e38,
]


def inputs():
    rng = np.random.default_rng(SEED)
    x = to_tile(rng.uniform(-30, 30, (ROWS, COLS)))
    p = to_tile(10.0 ** rng.uniform(-30, 30, (ROWS, COLS)))
    for tile in (x, p):
        plant(tile, to_tile(EDGES), VCOLS)
    return x, p


def reference(x, p):
    """Expected result tiles, keyed by output name."""
    x32, p32 = widen(x), widen(p)
    x64, p64 = x32.astype(np.float64), p32.astype(np.float64)
    with np.errstate(all="ignore"):
        full = {
            "abs": narrow(np.abs(x32)),
            "neg": narrow(-x32),
            "exp": narrow64(np.exp(x64)),
            "log": narrow64(np.log(p64)),
            "sqrt": narrow(np.sqrt(p32)),
            "rsqrt": narrow64(1.0 / np.sqrt(p64)),
            "recip": narrow(np.float32(1.0) / x32),
            "relu": narrow(np.maximum(x32, np.float32(0.0))),  # keeps NaN
        }
    # Outside the valid region a result tile keeps its initial zeros.
    return in_valid_region(full, np.zeros_like(x), VROWS, VCOLS)


def generate(out_dir):
    write_case(out_dir, ("x", "p"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
