"""Unary ops on 32x16 (valid 20x12) f32 (a5, DPS): +-0, +-inf, NaN, subnormals, overflow."""
import os

import numpy as np

ROWS, COLS = 32, 16
VROWS, VCOLS = 20, 12  # the valid region: the only elements the instructions write
SEED = 205

CASE = {
    "arch": "a5",
    "args": ["x.bin", "p.bin"] + ["zeros:512"] * 8,  # inputs, then one buffer per result
    "outs": [
        {"target": "3", "expect": "abs.expect.bin", "dtype": "float32"},
        {"target": "4", "expect": "neg.expect.bin", "dtype": "float32"},
        {"target": "5", "expect": "exp.expect.bin", "dtype": "float32"},
        {"target": "6", "expect": "log.expect.bin", "dtype": "float32"},
        {"target": "7", "expect": "sqrt.expect.bin", "dtype": "float32"},
        {"target": "8", "expect": "rsqrt.expect.bin", "dtype": "float32"},
        {"target": "9", "expect": "recip.expect.bin", "dtype": "float32"},
        {"target": "10", "expect": "relu.expect.bin", "dtype": "float32"},
    ],
}


def to_tile(v):
    """Values rounded to the tile's element type."""
    return np.asarray(v, np.float64).astype(np.float32)


def widen(t):
    """Tile elements as float32, the type every instruction computes in."""
    return t.astype(np.float32)


def narrow(y):
    """float32 results rounded once to the tile type (nothing to do for f32)."""
    return np.asarray(y, np.float32)


def narrow64(y):
    """float64 results (transcendentals) rounded once to the tile type."""
    return np.asarray(y, np.float64).astype(np.float32)


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 1.0e-45, -1.0e-45, 1.0e-40, -1.0e-40, 1.1754944e-38,
    3.4028235e38, -3.4028235e38, 88.72, 88.73, 89.0, -87.3, -103.0, -104.0, -110.0, 1.0, -1.0,
    2.0, 0.25, 4.0, 0.5, 1.0e-30, 2.9e-39, 3.0e-39, 1.0e30, 1.0e38,
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    x = to_tile(rng.uniform(-30, 30, (ROWS, COLS)))
    p = to_tile(10.0 ** rng.uniform(-30, 30, (ROWS, COLS)))
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
    # Outside the valid region each result tile keeps what it held: %x's values.
    before = x
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
