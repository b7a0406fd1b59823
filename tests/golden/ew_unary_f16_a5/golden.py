"""Unary ops on 8x64 f16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os

import numpy as np

ROWS, COLS = 8, 64
VROWS, VCOLS = 8, 64  # the valid region: the only elements the instructions write
SEED = 206

CASE = {
    "arch": "a5",
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


def to_tile(v):
    """Values rounded to the tile's element type."""
    return np.asarray(v, np.float64).astype(np.float16)


def widen(t):
    """Tile elements as float32, the type every instruction computes in."""
    return t.astype(np.float32)


def narrow(y):
    """float32 results rounded once to f16 (round to nearest even; beyond 65520 to inf)."""
    with np.errstate(over="ignore"):
        return np.asarray(y, np.float32).astype(np.float16)


def narrow64(y):
    """float64 results (transcendentals) rounded once, directly, to f16."""
    return np.asarray(y, np.float64).astype(np.float16)


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 6.0e-8, -6.0e-8, 1.0e-5, -1.0e-5, 6.104e-5, 65504.0,
    -65504.0, 11.08, 11.09, 11.1, -9.0, -16.0, -17.3, -18.0, 1.0, -1.0, 2.0, 0.25, 4.0, 0.5,
    1.0e-4, 1.5e-5, 1.53e-5, 1000.0, 30000.0,
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    x = to_tile(rng.uniform(-11, 11, (ROWS, COLS)))
    p = to_tile(10.0 ** rng.uniform(-7, 4.8, (ROWS, COLS)))
    for tile in (x, p):
        plant(tile, to_tile(EDGES))
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
    before = np.zeros_like(x)
    out = {}
    for name, value in full.items():
        out[name] = before.copy()
        out[name][:VROWS, :VCOLS] = value[:VROWS, :VCOLS]
    return out


def generate(out_dir):
    tiles = inputs()
    for name, tile in zip(("x", "p"), tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
