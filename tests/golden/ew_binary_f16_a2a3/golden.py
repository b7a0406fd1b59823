"""TADD TSUB TMUL TDIV TMAX TMIN on 8x64 f16 (a2a3, DPS): +-0, +-inf, NaN, subnormals, overflow."""
import os

import numpy as np

ROWS, COLS = 8, 64
VROWS, VCOLS = 8, 64  # the valid region: the only elements the instructions write
SEED = 102

CASE = {
    "args": ["a.bin", "b.bin"] + ["zeros:512"] * 6,  # inputs, then one buffer per result
    "outs": [
        {"target": "3", "expect": "sum.expect.bin", "dtype": "float16"},
        {"target": "4", "expect": "diff.expect.bin", "dtype": "float16"},
        {"target": "5", "expect": "prod.expect.bin", "dtype": "float16"},
        {"target": "6", "expect": "quot.expect.bin", "dtype": "float16"},
        {"target": "7", "expect": "hi.expect.bin", "dtype": "float16"},
        {"target": "8", "expect": "lo.expect.bin", "dtype": "float16"},
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


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0),
    (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf), (np.inf, -np.inf), (-np.inf, -np.inf),
    (np.inf, 0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (np.nan, -np.inf),
    (-np.inf, np.nan), (65504.0, 65504.0), (-65504.0, 65504.0), (65504.0, 0.5),
    (65504.0, -2.0), (65504.0, 16.0), (65504.0, 15.0), (6.0e-8, 6.0e-8), (6.0e-8, -6.0e-8),
    (1.0e-6, 3.0), (1.0e-3, 1.0e-3), (1.0e-4, 1.0e4), (6.1e-5, 4.0), (6.104e-5, -0.5),
    (6.0e-8, 0.5), (1.8e-7, 0.5), (-5.0, 3.0), (5.0, -3.0), (-2.5, -2.5), (1.0, 1.0e-4),
    (2048.0, 1.0), (0.1, 0.2), (1.0, 3.0), (-7.0, 7.0),
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (to_tile(rng.uniform(-1, 1, (ROWS, COLS)) * 10.0 ** rng.uniform(-2, 2, (ROWS, COLS)))
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
