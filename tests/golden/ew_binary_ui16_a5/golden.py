"""TADD TSUB TMUL TDIV TMAX TMIN on 8x32 ui16 (a5, SSA): MIN/MAX operands that wrap."""
import os

import numpy as np

ROWS, COLS = 8, 32
VROWS, VCOLS = 8, 32  # the valid region: the only elements the instructions write
SEED = 111

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "uint16"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "uint16"},
        {"target": "prod", "expect": "prod.expect.bin", "dtype": "uint16"},
        {"target": "quot", "expect": "quot.expect.bin", "dtype": "uint16"},
        {"target": "hi", "expect": "hi.expect.bin", "dtype": "uint16"},
        {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint16"},
    ],
}


DT = np.uint16
WIDE = np.uint64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)
HALF = (MAX + 1) // 2
BITS = 16


def wrap(x):
    """Exact results reduced modulo 2^BITS into the element type (two's complement)."""
    return np.asarray(x).astype(DT)


def div(x, y):
    """Unsigned integer division."""
    return wrap(np.asarray(x, WIDE) // np.asarray(y, WIDE))


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (MAX, 1), (0, 1), (MAX, MAX), (MAX, 2), (0, MAX), (1, MAX), (HALF, HALF), (HALF, 2),
    (7, 2), (2, 7), (100, 7), (MAX, 7), (MAX - 1, MAX),
    (MAX, 3), (HALF, HALF + 1),
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a, b = (rng.integers(MIN, MAX, (ROWS, COLS), dtype=DT, endpoint=True) for _ in range(2))
    small = rng.integers(1, 21, (ROWS, COLS)).astype(DT)
    b = np.where(rng.random((ROWS, COLS)) < 0.5, small, b)
    b[b == 0] = 1  # no zero divisors: integer division by zero is an error
    plant(a, [e[0] for e in EDGES])
    plant(b, [e[1] for e in EDGES])
    return a, b


def reference(a, b):
    """Expected result tiles, keyed by output name."""
    x, y = a.astype(WIDE), b.astype(WIDE)
    full = {
        "sum": wrap(x + y),
        "diff": wrap(x - y),
        "prod": wrap(x * y),
        "quot": div(x, y),
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
