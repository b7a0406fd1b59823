"""TADD TSUB TMAX TMIN on 32x32 ui8 (a5, sync): MIN/MAX operands that wrap."""
import os

import numpy as np

ROWS, COLS = 32, 32
VROWS, VCOLS = 32, 32  # the valid region: the only elements the instructions write
SEED = 109

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "uint8"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "uint8"},
        {"target": "hi", "expect": "hi.expect.bin", "dtype": "uint8"},
        {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint8"},
    ],
}


DT = np.uint8
WIDE = np.uint64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)
HALF = (MAX + 1) // 2
BITS = 8


def wrap(x):
    """Exact results reduced modulo 2^BITS into the element type (two's complement)."""
    return np.asarray(x).astype(DT)


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (MAX, 1), (0, 1), (MAX, MAX), (MAX, 2), (0, MAX), (1, MAX), (HALF, HALF), (HALF, 2),
    (7, 2), (2, 7), (100, 7), (MAX, 7), (MAX - 1, MAX),
    (5, 0), (0, 0), (MAX, 0),
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (rng.integers(MIN, MAX, (ROWS, COLS), dtype=DT, endpoint=True) for _ in range(2))
    plant(a, [e[0] for e in EDGES])
    plant(b, [e[1] for e in EDGES])
    return a, b


def reference(a, b):
    """Expected result tiles, keyed by output name."""
    x, y = a.astype(WIDE), b.astype(WIDE)
    full = {
        "sum": wrap(x + y),
        "diff": wrap(x - y),
        "hi": np.maximum(a, b),
        "lo": np.minimum(a, b),
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
