"""Input and result tiles of the golden references: random inputs with edge values planted
where the instructions meet them, results merged into what a tile held outside its valid
region, and the case's files written (raw little-endian arrays, <name>.bin and
<name>.expect.bin).
"""
import os
import re

import numpy as np

from .numerics import from_bf16, to_bf16


def random_ints(rng, shape, dt):
    """Integers drawn uniformly from the whole range of dt."""
    info = np.iinfo(dt)
    return rng.integers(int(info.min), int(info.max), shape, dtype=dt, endpoint=True)


def spread(rng, shape, decades):
    """float64 values of random sign, magnitudes log-uniform over 10^-decades..10^decades."""
    return rng.uniform(-1, 1, shape) * 10.0 ** rng.uniform(-decades, decades, shape)


def small_divisors(rng, d):
    """Divisor tile d with about half its elements replaced by small values (-20..20, or 1..20
    for unsigned types) and no zeros (integer division by zero is an error)."""
    low = 1 if np.issubdtype(d.dtype, np.unsignedinteger) else -20
    small = rng.integers(low, 21, d.shape).astype(d.dtype)
    d = np.where(rng.random(d.shape) < 0.5, small, d)
    d[d == 0] = 1
    return d


def bf16_gemm_inputs(rng, m, k, n):
    """The inputs of a bf16 GEMM with an f32 bias: A (m x k) and B (k x n) drawn uniformly from
    [-1, 1) and rounded to bf16, the bias (1 x n) from [-2, 2); and A @ B in float64 from their
    exact values (bf16 products are exact in f32, so only the sums round on the cube)."""
    a = to_bf16(rng.uniform(-1.0, 1.0, size=(m, k)).astype(np.float32))
    b = to_bf16(rng.uniform(-1.0, 1.0, size=(k, n)).astype(np.float32))
    bias = rng.uniform(-2.0, 2.0, size=(1, n)).astype(np.float32)
    ab = from_bf16(a).astype(np.float64) @ from_bf16(b).astype(np.float64)
    return a, b, bias, ab


def plant(tile, values, cols):
    """Writes values row by row from the top-left corner of a region cols wide (the valid
    region), where the instructions will meet them."""
    for n, v in enumerate(values):
        tile[n // cols, n % cols] = v


def kernel_args(case_dir, inputs):
    """One ptorun argument per .arg tile of case_dir/kernel.pto, in order: <name>.bin for the
    inputs (names starting with one of the prefixes inputs), zeros:N for the DPS results."""
    text = open(os.path.join(case_dir, "kernel.pto")).read()
    return [f"{name}.bin" if name.startswith(inputs) else f"zeros:{int(r) * int(c)}"
            for name, r, c in re.findall(r"^\.arg %(\w+) : !pto.tile(?:_buf<vec, |<)(\d+)x(\d+)x",
                                         text, re.M)]


# Tile descriptions of the spec-driven references (minmax_expand, trans_extract_insert).


class TileShape:
    """What such a description (a dataclass with rows, cols and valid: (rows, cols) or None for
    the whole tile) shares: its valid region and the text of its !pto.tile_buf type."""

    def vr(self):
        return self.valid[0] if self.valid else self.rows

    def vc(self):
        return self.valid[1] if self.valid else self.cols

    def buf_type(self, mem, dt, attrs=""):
        """!pto.tile_buf<mem, RxCxdt[, valid=VRxVC]attrs>."""
        valid = f", valid={self.valid[0]}x{self.valid[1]}" if self.valid else ""
        return f"!pto.tile_buf<{mem}, {self.rows}x{self.cols}x{dt}{valid}{attrs}>"


# CASE of a kernel with one result.


def one_result_case(arch, inputs, result, dtype, tmp=False, dps=None):
    """CASE of a kernel that reads the files <input>.bin (then, with tmp, a tmp tile "zeros")
    and writes one result, compared with <result>.expect.bin as dtype: the tile named result,
    or with dps (its element count) the pointer parameter after the others. arch None: the
    default architecture (no "arch" in CASE)."""
    args = [f"{n}.bin" for n in inputs] + (["zeros"] if tmp else [])
    if dps:
        args.append(f"zeros:{dps}")
    case = {} if arch is None else {"arch": arch}
    case["args"] = args
    case["outs"] = [{"target": str(len(args)) if dps else result,
                     "expect": f"{result}.expect.bin", "dtype": dtype}]
    return case


# Expected results.


def in_valid_region(full, before, vrows, vcols):
    """Result tiles as the instructions leave them: each of the full-tile results (a dict)
    inside the valid region (the top-left vrows x vcols), what the tile held (before) outside."""
    out = {}
    for name, value in full.items():
        out[name] = before.copy()
        out[name][:vrows, :vcols] = value[:vrows, :vcols]
    return out


def write_case(out_dir, names, tiles, reference):
    """Writes each input tile as <name>.bin, then each result of reference(*tiles) (a dict of
    expected tiles) as <name>.expect.bin."""
    for name, tile in zip(names, tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


def save(out_dir, arrays):
    """Writes each array as <name>.bin."""
    for name, a in arrays.items():
        np.ascontiguousarray(a).tofile(os.path.join(out_dir, f"{name}.bin"))


def mx_box_order(scales, zz):
    """MX scales (e8m0 bytes) as global memory holds them for a load into a ZZ (zz) or NN tile
    of 32-byte boxes in L1 (docs/semantics.md, "MX scale tiles in L1"): 16x2 ZZ boxes along
    each band of 16 rows, each box row by row; 2x16 NN boxes down each band of 16 columns, each
    box column by column; the shape rounded up to whole boxes, padded with zeros."""
    box_rows, box_cols = (16, 2) if zz else (2, 16)
    rows = -(-scales.shape[0] // box_rows) * box_rows
    cols = -(-scales.shape[1] // box_cols) * box_cols
    out = np.zeros(rows * cols, np.uint8)
    r, c = np.indices(scales.shape)
    if zz:
        out[(r // 16) * cols * 16 + (c // 2) * 32 + (r % 16) * 2 + c % 2] = scales
    else:
        out[(c // 16) * rows * 16 + (r // 2) * 32 + (c % 16) * 2 + r % 2] = scales
    return out
