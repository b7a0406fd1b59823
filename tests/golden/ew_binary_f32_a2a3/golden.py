"""Tile-tile ops on 16x16 f32 (a2a3, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os

import numpy as np

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 101

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "float32"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "float32"},
        {"target": "prod", "expect": "prod.expect.bin", "dtype": "float32"},
        {"target": "quot", "expect": "quot.expect.bin", "dtype": "float32"},
        {"target": "hi", "expect": "hi.expect.bin", "dtype": "float32"},
        {"target": "lo", "expect": "lo.expect.bin", "dtype": "float32"},
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


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0),
    (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf), (np.inf, -np.inf), (-np.inf, -np.inf),
    (np.inf, 0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (np.nan, -np.inf),
    (-np.inf, np.nan), (3.4e38, 3.4e38), (-3.4e38, 3.4e38), (3.4e38, 0.5), (3.4e38, -2.0),
    (3.4028235e38, 1.0e31), (3.4028235e38, 2.03e31), (1.0e-45, 1.0e-45), (1.0e-45, -1.0e-45),
    (1.0e-40, 3.0), (1.0e-20, 1.0e-20), (1.0e-30, 1.0e30), (1.0e-38, 4.0),
    (1.1754944e-38, -0.5), (1.0e-45, 0.5), (4.2e-45, 0.5), (-5.0, 3.0), (5.0, -3.0),
    (-2.5, -2.5), (1.0, 1.0e-8), (16777216.0, 1.0), (0.1, 0.2), (1.0, 3.0), (-7.0, 7.0),
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (to_tile(rng.uniform(-1, 1, (ROWS, COLS)) * 10.0 ** rng.uniform(-4, 4, (ROWS, COLS)))
            for _ in range(2))
    plant(a, to_tile([e[0] for e in EDGES]))
    plant(b, to_tile([e[1] for e in EDGES]))
    return a, b


def reference(a, b):
    """Expected result tiles, keyed by output name."""
    x, y = widen(a), widen(b)
    with np.errstate(all="ignore"):
        full = {
            "sum": narrow(x + y),
            "diff": narrow(x - y),
            "prod": narrow(x * y),
            "quot": narrow(x / y),
            "hi": narrow(np.maximum(x, y)),  # NaN wins
            "lo": narrow(np.minimum(x, y)),  # NaN wins
        }
    # Outside the valid region a result tile keeps its initial zeros.
    before = np.zeros_like(a)
    out = {}
    for name, value in full.items():
        out[name] = before.copy()
        out[name][:VROWS, :VCOLS] = value[:VROWS, :VCOLS]
    return out


def generate(out_dir):
    tiles = inputs()
    for name, tile in zip(("a", "b"), tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
