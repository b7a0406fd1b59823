"""Loads, stores and moves: they copy bits, so every tile is handled and compared as unsigned
patterns of its element width.

load_store_case(arch, seed, t): TLOAD/TSTORE of a window 64 bytes wide and 8 rows high, moved
from (5, 3) of a 16-row matrix 128 bytes wide to (1, 7) of another (memory/load_store_*); the
type's edge patterns are planted at the start of the window.

pad_case(arch, seed, t, shape, valid[, backend]): TLOAD of a valid region loaded from (2, 3) into tiles
with pad=max and pad=min; the rest of each tile holds the type's pad bits (fill.pad_bits;
memory/pad_*).

prefetch_sync_case: tprefetch writes nothing, tsync.op does nothing
(memory/prefetch_sync_*).

dynamic_valid_case: TLOAD of a valid region given at run time into a tile whose other elements
hold the pad value, TSTORE of it into a zero matrix (memory/dynamic_valid*).
"""
import os

import numpy as np

from .element_types import bits_type
from .fill import pad_bits
from .tiles import save

# Patterns planted at the start of a load_store window: a NaN with a payload, -inf, -0 and the
# smallest subnormal for floats; MIN, MAX, -1 and 0 for integers (also read as unsigned).
FLOAT_EDGES = {
    "f32": [0x7FC00001, 0xFF800000, 0x80000000, 0x00000001],
    "f16": [0x7E01, 0xFC00, 0x8000, 0x0001],
    "bf16": [0x7FC1, 0xFF80, 0x8000, 0x0001],
}


def load_store_case(arch, seed, t):
    u = bits_type(t)
    bits = 8 * u.itemsize
    rows, cols, wcols = 16, 1024 // bits, 512 // bits  # 128 bytes a row, a 64-byte window
    case = {"arch": arch, "args": ["x.bin", f"zeros:{rows * cols}"],
            "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": u.name}]}
    top = 1 << (bits - 1)
    edges = FLOAT_EDGES.get(t, [top, top - 1, (1 << bits) - 1, 0])

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = rng.integers(0, 1 << bits, size=(rows, cols), dtype=u)
        x[5, 3:7] = edges
        y = np.zeros((rows, cols), u)
        y[1:9, 7:7 + wcols] = x[5:13, 3:3 + wcols]
        x.tofile(os.path.join(out_dir, "x.bin"))
        y.tofile(os.path.join(out_dir, "y.expect.bin"))
    return case, generate


def pad_case(arch, seed, t, shape, valid, backend=None, kernel=None):
    """backend "vpto": PTOAS's VPTO templates' pad values; kernel: another case's kernel.pto."""
    u = bits_type(t)
    vr, vc = valid
    case = {"arch": arch, "args": ["src.bin"],
            "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": u.name},
                     {"target": "lo", "expect": "lo.expect.bin", "dtype": u.name}]}
    if backend:
        case["backend"] = backend
    if kernel:
        case["kernel"] = kernel

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        src = rng.integers(0, 1 << (8 * u.itemsize), size=shape, dtype=u)
        window = src[2:2 + vr, 3:3 + vc]
        files = {"src": src}
        for name, pad in zip(("hi", "lo"), pad_bits(backend)[t]):
            files[f"{name}.expect"] = np.full(shape, pad, u)
            files[f"{name}.expect"][:vr, :vc] = window
        save(out_dir, files)
    return case, generate


def prefetch_sync_case(arch, seed, inputs, prefetches, pre):
    """tprefetch writes nothing and tsync.op does nothing; a tload after them reads the data
    (memory/prefetch_sync_*). inputs: (file, tload result, golden_case dtype, data(rng)) for each
    global input, in argument order (data drawn in that order); prefetches: the kernel's
    tprefetch results in order, each (result, input file): a new tile stays zero, the result
    "pre" (the argument tile pre.bin, filled with the value pre) keeps its data."""
    dtypes = {f: d for f, _, d, _ in inputs}
    case = {"arch": arch, "args": [f"{f}.bin" for f, *_ in inputs] + ["pre.bin"],
            "outs": [{"target": r, "expect": "pre.bin" if r == "pre" else f"{r}.expect.bin",
                      "dtype": dtypes[f]} for r, f in prefetches] +
            [{"target": r, "expect": f"{f}.bin", "dtype": d} for f, r, d, _ in inputs]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        data = {f: draw(rng) for f, _, _, draw in inputs}
        files = dict(data)
        for r, f in prefetches:
            if r == "pre":
                files["pre"] = np.full(data[f].shape, pre, dtype=data[f].dtype)
            else:
                files[f"{r}.expect"] = np.zeros_like(data[f])
        save(out_dir, files)
    return case, generate


def dynamic_valid_case(seed, shape, inputs, valid, src, dst, tile, dtype, pad=0):
    """x = inputs(rng) (shape, rng seeded with seed); the kernel takes the valid rows and columns
    as its last arguments, loads them from src (row, column) of x into tile t (shape tile, pad
    elsewhere) and stores that at dst of y (shape, zeros elsewhere). Both compare as dtype."""
    (r, c), (sr, sc), (dr, dc) = valid, src, dst
    case = {"args": ["x.bin", f"zeros:{shape[0] * shape[1]}", str(r), str(c)],
            "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": dtype},
                     {"target": "t", "expect": "t.expect.bin", "dtype": dtype}]}

    def generate(out_dir):
        x = inputs(np.random.default_rng(seed))
        assert x.shape == shape
        y = np.zeros(shape, x.dtype)
        y[dr:dr + r, dc:dc + c] = x[sr:sr + r, sc:sc + c]
        t = np.full(tile, pad, x.dtype)
        t[:r, :c] = x[sr:sr + r, sc:sc + c]
        save(out_dir, {"x": x, "y.expect": y, "t.expect": t})
    return case, generate
