"""Tile-scalar ops on 16x32 (valid 9x21) bf16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os

import numpy as np

ROWS, COLS = 16, 32
VROWS, VCOLS = 9, 21  # the valid region: the only elements the instructions write
SEED = 309

CASE = {
    "arch": "a5",
    "args": ["a.bin"],
    "outs": [
        {"target": "adds", "expect": "adds.expect.bin", "dtype": "bfloat16"},
        {"target": "subs", "expect": "subs.expect.bin", "dtype": "bfloat16"},
        {"target": "muls", "expect": "muls.expect.bin", "dtype": "bfloat16"},
        {"target": "maxs", "expect": "maxs.expect.bin", "dtype": "bfloat16"},
        {"target": "mins", "expect": "mins.expect.bin", "dtype": "bfloat16"},
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


# Values planted row by row at the start of the valid region of %a.
EDGES = [
    0.0, -0.0, np.inf, -np.inf, np.nan, 9.2e-41, -9.2e-41, 1.0e-40, 3.38e38, -3.38e38, 1.2e38,
    1.0, -1.0, 0.1, -2.5, 0.5, 256.0, -0.5,
]
# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f32", 0.1),
    "subs": ("f32", 3.4e38),
    "muls": ("bf16", 3.0),
    "maxs": ("f32", 1.0e-40),
    "mins": ("f32", -0.5),
}


def plant(tile, values):
    """Writes values row by row from the top-left corner of the valid region."""
    for n, v in enumerate(values):
        tile[n // VCOLS, n % VCOLS] = v


def inputs():
    rng = np.random.default_rng(SEED)
    a = to_tile(rng.uniform(-1, 1, (ROWS, COLS)) * 10.0 ** rng.uniform(-4, 4, (ROWS, COLS)))
    plant(a, to_tile(EDGES))
    return (a,)


def reference(a):
    """Expected result tiles, keyed by output name."""
    # Each scalar is converted to the tile type first (round to nearest even), then
    # the instruction computes in f32 and rounds once.
    k = {n: widen(narrow(np.array([np.float16(v) if ty == "f16" else v], np.float32)))[0]
         for n, (ty, v) in SCALARS.items()}
    x = widen(a)
    with np.errstate(all="ignore"):
        full = {
            "adds": narrow(x + k["adds"]),
            "subs": narrow(x - k["subs"]),
            "muls": narrow(x * k["muls"]),
            "maxs": narrow(np.maximum(x, k["maxs"])),  # NaN wins
            "mins": narrow(np.minimum(x, k["mins"])),  # NaN wins
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
