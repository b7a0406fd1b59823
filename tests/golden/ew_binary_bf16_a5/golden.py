"""TADD on 16x16 bf16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os

import numpy as np

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 107

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "bfloat16"},
    ],
}


def narrow(y):
    """float32 values rounded to bf16 bit patterns (round to nearest even; NaN stays NaN)."""
    y = np.asarray(y, np.float32)
    b = y.view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(y), np.uint16(0x7FC0), r)


def widen(t):
    """bf16 bit patterns as float32 values (exact)."""
    return (np.asarray(t, np.uint16).astype(np.uint32) << 16).view(np.float32)


def to_tile(v):
    """Values rounded to bf16 bit patterns."""
    return narrow(np.asarray(v, np.float64).astype(np.float32))


# (a, b) pairs, planted row by row at the start of the valid region.
EDGES = [
    (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf),
    (np.inf, -np.inf), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (3.38e38, 3.38e38),
    (-3.38e38, 3.38e38), (3.3895e38, 1.0e36), (3.3895e38, 5.0e35), (9.2e-41, 9.2e-41),
    (1.0e-39, -9.2e-41), (1.175e-38, 1.175e-38), (1.0, 0.00390625), (1.0078125, 0.00390625),
    (-5.0, 3.0), (0.1, 0.2), (256.0, 1.0), (-2.5, -2.5),
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
