"""TSHLS TSHRS on 16x16 ui16 (a2a3, sync): MIN/MAX operands that wrap."""
import os

import numpy as np

ROWS, COLS = 16, 16
VROWS, VCOLS = 16, 16  # the valid region: the only elements the instructions write
SEED = 305

CASE = {
    "args": ["a.bin"],
    "outs": [
        {"target": "shl", "expect": "shl.expect.bin", "dtype": "uint16"},
        {"target": "shl_w", "expect": "shl_w.expect.bin", "dtype": "uint16"},
        {"target": "shr", "expect": "shr.expect.bin", "dtype": "uint16"},
        {"target": "shr_w", "expect": "shr_w.expect.bin", "dtype": "uint16"},
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


def shl(t, s):
    """t << s with the bits shifted out lost; a count of BITS or more gives 0."""
    if s >= BITS:
        return np.zeros_like(t)
    u = t.view(np.uint16).astype(np.uint64) << np.uint64(s)
    return u.astype(np.uint16).view(DT)


def shr(t, s):
    """Logical t >> s; a count of BITS or more gives 0."""
    return t >> s if s < BITS else np.zeros_like(t)


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0, 1, 2, 3, 7, 100, MAX, MAX - 1, HALF, HALF - 1,
]
# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "shl": 5,  # i32
    "shl_w": 16,  # i32
    "shr": 9,  # i32
    "shr_w": 20,  # i32
}


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a = rng.integers(MIN, MAX, (ROWS, COLS), dtype=DT, endpoint=True)
    plant(a, EDGES)
    return (a,)


def reference(a):
    """Expected result tiles, keyed by output name."""
    # Each scalar is converted to the element type first (wrapping).
    k = {n: wrap(v) for n, v in SCALARS.items()}
    x = a.astype(WIDE)
    full = {
        "shl": shl(a, SCALARS["shl"]),
        "shl_w": shl(a, SCALARS["shl_w"]),
        "shr": shr(a, SCALARS["shr"]),
        "shr_w": shr(a, SCALARS["shr_w"]),
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
    for name, tile in zip(("a",), tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
