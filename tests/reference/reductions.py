"""Reductions along rows or columns, the generators their cases share (each takes the case's
arch, seed and tables and returns its CASE and generate(out_dir)):

prod_case: TROWPROD and TCOLPROD (reduce_expand/prod_*);
argreduce_case: TROWARGMAX TROWARGMIN TCOLARGMAX TCOLARGMIN (reduce_expand/argreduce_*): the
index of the first extreme of each row (column) of the valid region; ties keep the first index;
a NaN is the extreme (the first NaN); -0 and +0 tie. Planted: ties, NaNs, +-inf, -0/+0, MIN/MAX
integers;
tcolmax_case: TCOLMAX of one element type (reduce_expand/tcolmax_*);
reduce_case: TROWSUM, TCOLSUM or TROWMAX of one tile the case draws (reduce_expand/tcolsum_*,
trowsum_*, trowmax_*).

line_sums is the rule of every sum (here and in the cases that sum without a generator): the
exact sum, rounded once to the tile type (ptorun --arith exact; the cases whose float sums
depend on the order say so in their CASE, and reference/npu_sums.py has the NPU's orders);
integers wrap.
"""
import math
import os

import numpy as np

from .element_types import TYPES, is_float, narrow, result_outs, widen
from .npu_sums import col_prod, row_prod
from .tiles import one_result_case, save

# trowprod / tcolprod (reduce_expand/prod_*). Row cases: name, type, shape, valid shape,
# destination kind ("dn": Rx1 col-major; "nd": valid Rx1), spelling ("dps": results and the tmp
# are arguments). Column cases: the same without the destination kind.
PROD_ROWS = [
    ("f16", "f16", (16, 32), (13, 29), "dn", "sync"),
    ("f32", "f32", (8, 16), (8, 11), "nd", "ssa"),
    ("i16", "i16", (16, 16), (14, 16), "dn", "dps"),
    ("i32", "i32", (8, 24), (6, 20), "nd", "sync"),
]
PROD_COLS = [
    ("f16", "f16", (7, 32), (7, 30), "ssa"),
    ("f32", "f32", (6, 16), (5, 16), "dps"),
    ("i16", "i16", (9, 32), (9, 25), "sync"),
    ("i32", "i32", (5, 8), (4, 7), "ssa"),
]


def _prod_row_dst(t, r, kind):
    return (r, 1) if kind == "dn" else (r, 32 // np.dtype(TYPES[t][0]).itemsize)


def _prod_source(t, rng, shape):
    """Lines (rows) of small factors with the edge cases planted in the first lines."""
    if is_float(t):
        v = rng.choice([-2.0, -1.5, -1.0, -0.75, 0.5, 1.0, 1.25, 2.0], size=shape)
        v[0, 3] = np.nan
        v[1, 0], v[1, 5] = np.inf, 0.0      # inf * 0 = NaN
        v[2, 2] = -0.0
        v[3, 1] = -np.inf
        return narrow(t, v.astype(np.float32))
    dt = TYPES[t][0]
    info = np.iinfo(dt)
    signed = info.min < 0
    v = rng.choice([-3, -2, -1, 1, 2, 3] if signed else [1, 2, 3], size=shape)
    v = v.astype(object)
    v[0, 0], v[0, 1] = int(info.max), 2
    v[1, 0] = int(info.min) if signed else int(info.max)
    v[1, 1] = -1 if signed else 3
    v[2, 4] = 0
    return np.array(v, dtype=np.int64).astype(dt)


def _product(t, line, arch=None, row=True):
    """The product of one line, in the kernel's order and precision: with \a arch, a float line
    in that NPU's order (npu_sums.row_prod / col_prod), else left to right in f32."""
    if is_float(t) and arch is not None:
        if t == "bf16":   # a column (TROWPROD takes no bf16); widened values, bf16 steps
            return narrow(t, np.array([col_prod(np.asarray(line, np.float32), arch, "bf16")]))[0]
        dt = TYPES[t][0]
        r = (row_prod if row else col_prod)(np.asarray(line).astype(dt), arch, dt)
        return np.asarray(r).astype(dt)
    if is_float(t):
        acc = np.float32(line[0])
        with np.errstate(all="ignore"):
            for x in line[1:]:
                acc = np.float32(acc * np.float32(x))
        return narrow(t, np.array([acc]))[0]
    bits = np.dtype(TYPES[t][0]).itemsize * 8
    acc = 1
    for x in line:
        acc = (acc * int(x)) % (1 << bits)
    return narrow(t, np.array([acc - (1 << bits) if acc >= (1 << (bits - 1)) else acc]))[0]


def prod_case(arch, seed, rows, cols):
    args = []
    for name, _, (r, c), _, _, form in rows:
        args.append(f"r_{name}.bin")
        if form == "dps":
            args.append(f"zeros:{r * c}")
    args += [f"c_{c[0]}.bin" for c in cols]
    for name, t, (r, _), _, kind, form in rows:
        if form == "dps":
            shape = _prod_row_dst(t, r, kind)
            args.append(f"zeros:{shape[0] * shape[1]}")
    args += [f"zeros:{c[2][1]}" for c in cols if c[4] == "dps"]
    case = {"arch": arch, "args": args,
            "outs": result_outs("rp_", rows, lambda c: c[1]) +
            result_outs("cp_", cols, lambda c: c[1])}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, shape, (vr, vc), kind, _ in rows:
            src = _prod_source(t, rng, shape)
            wide = widen(t, src)
            expect = np.zeros(_prod_row_dst(t, shape[0], kind), dtype=src.dtype)
            for i in range(vr):
                expect[i, 0] = _product(t, wide[i, :vc], arch, row=True)
            files[f"r_{name}"], files[f"rp_{name}.expect"] = src, expect
        for name, t, shape, (vr, vc), _ in cols:
            src = _prod_source(t, rng, (shape[1], shape[0])).T.copy()  # planted lines: columns
            wide = widen(t, src)
            expect = np.zeros((1, shape[1]), dtype=src.dtype)
            for j in range(vc):
                expect[0, j] = _product(t, wide[:vr, j], arch, row=False)
            files[f"c_{name}"], files[f"cp_{name}.expect"] = src, expect
        save(out_dir, files)
    return case, generate


# trowargmax/min, tcolargmax/min (reduce_expand/argreduce_*). Cases: name, instruction, source
# type, shape, valid shape, index type, destination kind ("dn": Rx1 col-major, "nd": Rx8 with
# valid Rx1, "row": 1xC), spelling ("dps": arguments).


def _arg_dst(kind, r, c):
    return {"dn": (r, 1), "nd": (r, 8), "row": (1, max(c, 8))}[kind]


def _arg_source(t, rng, lines, length):
    """lines x length values; the first lines carry the planted cases (along the line)."""
    if is_float(t):
        v = rng.integers(-6, 7, size=(lines, length)).astype(np.float64) * 0.5  # many ties
        v[0, 2], v[0, 5] = np.nan, np.nan
        v[1, :] = 1.0                                   # all equal: index 0
        v[2, 3], v[2, length - 2] = np.inf, -np.inf
        v[3, :] = -0.0
        v[3, 4] = 0.0                                   # -0 and +0 tie
        v[4, length - 1] = np.nan                       # the last element
        return narrow(t, v.astype(np.float32))
    info = np.iinfo(TYPES[t][0])
    v = rng.integers(-4, 5, size=(lines, length))
    v[0, 1], v[0, 3] = info.max, info.min
    v[1, :] = info.min
    v[2, :] = info.max
    v[3, 2], v[3, length - 2] = info.max, info.max
    return v.astype(TYPES[t][0])


def _arg(line, largest):
    """Index of the first extreme of line (a NaN is the extreme)."""
    best, index = line[0], 0
    for k in range(1, len(line)):
        v = line[k]
        if np.isnan(best):
            break
        if np.isnan(v) or (v > best if largest else v < best):
            best, index = v, k
    return index


def argreduce_case(arch, seed, cases):
    args = []
    for name, _, _, (r, c), _, _, kind, form in cases:
        args.append(f"s_{name}.bin")
        if form == "dps":
            shape = _arg_dst(kind, r, c)
            # The tmp tile: the source's shape, at least 16 columns wide (PTOAS v0.60's A2/A3
            # tmp contract for the arg reductions of these sources).
            args += [f"zeros:{r * max(c, 16)}", f"zeros:{shape[0] * shape[1]}"]
    case = {"arch": arch, "args": args, "outs": result_outs("d_", cases, lambda c: c[5])}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, op, t, (r, c), (vr, vc), it, kind, _ in cases:
            per_row = op.startswith("trow")
            if per_row:
                src = _arg_source(t, rng, r, c)
            else:  # planted lines become columns
                src = _arg_source(t, rng, c, r).T.copy()
            wide = widen(t, src).astype(np.float64)
            expect = np.zeros(_arg_dst(kind, r, c), dtype=TYPES[it][0])
            largest = op.endswith("max")
            if per_row:
                for i in range(vr):
                    expect[i, 0] = _arg(wide[i, :vc], largest)
            else:
                for j in range(vc):
                    expect[0, j] = _arg(wide[:vr, j], largest)
            files[f"s_{name}"], files[f"d_{name}.expect"] = src, expect
        save(out_dir, files)
    return case, generate


# tcolmax (reduce_expand/tcolmax_*): column maxima of the valid rows. Floats: a NaN in a column
# gives NaN, with -inf columns, +inf among them and a NaN after +inf; rows past the valid ones
# are +inf and must not count. Integers: columns all at the minimum, the maximum in the last or
# the first row, and a pair that orders differently signed and unsigned.


def tcolmax_case(arch, seed, t, shape, valid_rows=None):
    rows, cols = shape
    vr = rows if valid_rows is None else valid_rows
    dt = TYPES[t][0]
    case = {"arch": arch, "args": ["src.bin"],
            "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": TYPES[t][1]}]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        if is_float(t):
            x = rng.uniform(-1000, 1000, size=shape).astype(dt)
            x[vr:, :] = np.inf                 # rows outside the valid region must not count
            x[3, 0] = np.nan                   # NaN wins
            x[0, 1] = np.nan
            x[:vr, 2] = -np.inf
            x[:vr, 3] = -np.inf
            x[7, 3] = np.inf
            x[:vr, 4] = -rng.uniform(1, 2, vr)
            x[2, 5] = np.inf
            x[9, 5] = np.nan                   # NaN after +inf
        else:
            info = np.iinfo(dt)
            x = rng.integers(info.min, int(info.max) + 1, size=shape, dtype=np.int64).astype(dt)
            x[:, 0] = info.min                 # all at the minimum
            x[:, 1] = info.max - 1
            x[-1, 1] = info.max                # the maximum in the last row
            x[:, 2] = info.min
            x[0, 2] = info.min + 1             # the maximum in the first row
            if info.min < 0:
                x[:, 3] = -1
                x[5, 3] = 0                    # signed order: 0 > -1
            else:
                half = 1 << (info.bits - 1)
                x[:, 3] = half - 1
                x[5, 3] = half                 # unsigned order: 0x80.. > 0x7f..
        dst = x[:vr].max(axis=0).reshape(1, cols)
        x.tofile(os.path.join(out_dir, "src.bin"))
        dst.tofile(os.path.join(out_dir, "dst.expect.bin"))
    return case, generate


def line_sums(lines, t):
    """Each row of lines (tile elements of type t) summed exactly and rounded once to t: floats
    with math.fsum (a line holding inf or NaN: its float64 sum, inf or NaN), integers wrapped."""
    if not is_float(t):
        return narrow(t, lines.astype(np.int64).sum(axis=1))
    wide = widen(t, lines)
    with np.errstate(invalid="ignore", over="ignore"):
        sums = [math.fsum(r) if np.isfinite(r).all() else r.sum() for r in wide]
        return narrow(t, np.array(sums, np.float64))


def reduce_case(arch, seed, instr, t, shape, inputs, valid=None, dst=None, names=("src", "dst"),
                tmp=False, dps=False):
    """instr (trowsum, tcolsum or trowmax) of the valid region (default: all) of a t tile of
    shape, into row 0 or column 0 of dst (default Rx1 or 1xC); the rest of dst stays 0. Sums
    follow line_sums, maxima let NaN win. inputs(rng): the source, rng seeded with seed; names:
    its file's and the result's; tmp: the kernel takes a tmp tile ("zeros"); dps: the result is
    the pointer parameter after the source. arch None: no "arch" in CASE."""
    per_row = instr.startswith("trow")
    dst = dst or ((shape[0], 1) if per_row else (1, shape[1]))
    case = one_result_case(arch, names[:1], names[1], TYPES[t][1], tmp,
                           dps and dst[0] * dst[1])
    vr, vc = valid or shape

    def generate(out_dir):
        x = inputs(np.random.default_rng(seed))
        assert x.shape == shape and x.dtype == TYPES[t][0]
        lines = x[:vr, :vc] if per_row else x[:vr, :vc].T
        r = line_sums(lines, t) if instr.endswith("sum") else lines.max(axis=1)
        out = np.zeros(dst, x.dtype)
        if per_row:
            out[:vr, 0] = r
        else:
            out[0, :vc] = r
        save(out_dir, {names[0]: x, f"{names[1]}.expect": out})
    return case, generate
