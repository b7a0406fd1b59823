"""Unary ops on 16x32 (valid 12x20) f16 (a2a3, SSA): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F16
from reference.tiles import in_valid_region, plant, write_case

widen, narrow, narrow64, to_tile = F16.widen, F16.narrow, F16.narrow64, F16.to_tile

ROWS, COLS = 16, 32
VROWS, VCOLS = 12, 20  # the valid region: the only elements the instructions write
SEED = 202

CASE = {
    "args": ["x.bin", "p.bin"],
    "outs": [
        {"target": "abs", "expect": "abs.expect.bin", "dtype": "float16"},
        {"target": "neg", "expect": "neg.expect.bin", "dtype": "float16"},
        {"target": "exp", "expect": "exp.expect.bin", "dtype": "float16"},
        {"target": "log", "expect": "log.expect.bin", "dtype": "float16"},
        {"target": "sqrt", "expect": "sqrt.expect.bin", "dtype": "float16"},
        {"target": "rsqrt", "expect": "rsqrt.expect.bin", "dtype": "float16"},
        {"target": "recip", "expect": "recip.expect.bin", "dtype": "float16"},
        {"target": "relu", "expect": "relu.expect.bin", "dtype": "float16"},
    ],
}


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 6.0e-8, -6.0e-8, 1.0e-5, -1.0e-5, 6.104e-5, 65504.0,
    -65504.0, 11.08, 11.09, 11.1, -9.0, -16.0, -17.3, -18.0, 1.0, -1.0, 2.0, 0.25, 4.0, 0.5,
    1.0e-4, 1.5e-5, 1.53e-5, 1000.0, 30000.0,
]


def inputs():
    rng = np.random.default_rng(SEED)
    x = to_tile(rng.uniform(-11, 11, (ROWS, COLS)))
    p = to_tile(10.0 ** rng.uniform(-7, 4.8, (ROWS, COLS)))
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
