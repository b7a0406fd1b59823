"""TABS TNEG on 8x16 (valid 8x9) i16 (a5, SSA): MIN/MAX operands that wrap."""
import os

import numpy as np

ROWS, COLS = 8, 16
VROWS, VCOLS = 8, 9  # the valid region: the only elements the instructions write
SEED = 209

CASE = {
    "arch": "a5",
    "args": ["x.bin"],
    "outs": [
        {"target": "abs", "expect": "abs.expect.bin", "dtype": "int16"},
        {"target": "neg", "expect": "neg.expect.bin", "dtype": "int16"},
    ],
}


DT = np.int16
WIDE = np.int64  # every result is computed exactly here, then wrapped
MIN, MAX = int(np.iinfo(DT).min), int(np.iinfo(DT).max)
BITS = 16


def wrap(x):
    """Exact results reduced modulo 2^BITS into the element type (two's complement)."""
    return np.asarray(x).astype(DT)


# Values planted row by row at the start of the valid region of every input.
EDGES = [
    MIN, MAX, MIN + 1, MAX - 1, 0, 1, -1, 2, -2, 7, -7, 100, -100,
]


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    x = rng.integers(MIN, MAX, (ROWS, COLS), dtype=DT, endpoint=True)
    plant(x, EDGES)
    return (x,)


def reference(x):
    """Expected result tiles, keyed by output name."""
    v = x.astype(WIDE)
    full = {
        "abs": wrap(np.abs(v)),
        "neg": wrap(-v),
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
    for name, tile in zip(("x",), tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
