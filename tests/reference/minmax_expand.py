"""Spec-driven references for the min/max reductions and the broadcasts
(tests/golden/reduce_expand/minmax_expand_*).

A case lists its instructions as Op entries; this module makes each entry's input tiles (with
edge values planted inside and outside the valid region), the expected outputs, the CASE dict
and the kernel text (kernel_text() printed the committed kernel.pto; golden.py never rewrites
it). Selections (min, max, expand) are compared bit for bit, so a NaN result must be the
canonical quiet NaN and -0.0 / +0.0 must come out as the rules say; arithmetic results (sub,
div, expdif) compare as floats (NaN equal to NaN).

Rules (docs/semantics.md): reductions fold from the first valid element, a NaN anywhere gives
NaN, and on ties (-0.0 vs +0.0) the value met first stays; max/min against a broadcast value
keep the tile element on ties; sub/div compute in f32 and round once; expdif is the NPU's
vsub then vexp: the difference rounded to the tile type, its exponential rounded once (a5's
f32: one vexpdif, the exact difference; reduce_expand/expdif_npu_* count the two apart).
"""
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .numerics import from_bf16, to_bf16
from .tiles import TileShape

NP = {"f32": np.float32, "f16": np.float16, "bf16": np.uint16, "i8": np.int8, "i16": np.int16,
      "i32": np.int32, "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32}
BITS = {"f32": "uint32", "f16": "uint16", "bf16": "uint16"}
CMP = {"f32": "float32", "f16": "float16"}
SIZE = {"f32": 4, "f16": 2, "bf16": 2, "i8": 1, "i16": 2, "i32": 4, "ui8": 1, "ui16": 2,
        "ui32": 4}
FLOATS = ("f32", "f16", "bf16")


@dataclass
class Tile(TileShape):
    rows: int
    cols: int
    valid: Optional[tuple] = None   # (rows, cols); None = the whole tile
    dn: bool = False                # column-major (DN), used for Rx1 columns

    def type(self, dt):
        return self.buf_type("vec", dt, ", blayout=col_major" if self.dn else "")


@dataclass
class Op:
    name: str        # result / output name
    mnemonic: str    # trowmin, tcolmin, trowexpandmax, tcolexpandsub, tcolexpand, ...
    dt: str
    form: str        # "sync", "ssa" or "dps"
    a: Tile
    d: Tile
    b: Optional[Tile] = None


# Inputs -------------------------------------------------------------------------------------


def to_float(t, dt):
    return from_bf16(t).astype(np.float64) if dt == "bf16" else t.astype(np.float64)


def from_float(v, dt):
    """float64 values exactly representable in dt (or NaN) -> tile elements."""
    if dt == "bf16":
        return to_bf16(np.asarray(v, np.float32), nan=0x7FC0)
    return np.asarray(v, np.float64).astype(NP[dt])


def edge_values(dt):
    if dt in FLOATS:
        big = {"f32": 3.0e38, "f16": 65504.0, "bf16": 3.0e38}[dt]
        tiny = {"f32": 1.0e-45, "f16": 6.0e-8, "bf16": 1.0e-38}[dt]
        return [np.nan, np.inf, -np.inf, -0.0, 0.0, big, -big, tiny, -tiny, 1.0, -1.0]
    info = np.iinfo(NP[dt])
    return [int(info.min), int(info.max), 0, 1, int(info.max) - 1, int(info.min) + 1] + \
        ([-1] if info.min < 0 else [])


def random_tile(rng, shape, dt, low=None, high=None):
    if dt in FLOATS:
        lo, hi = (-100.0, 100.0) if low is None else (low, high)
        return from_float(np.round(rng.uniform(lo, hi, shape), 2), dt)
    info = np.iinfo(NP[dt])
    lo = int(info.min) if low is None else low
    hi = int(info.max) if high is None else high
    return rng.integers(lo, hi, shape, endpoint=True).astype(NP[dt])


def source_tile(rng, tile, dt, along_rows):
    """A tile of random values with the edge values spread over the valid region (one per
    row when along_rows, one per column otherwise, so most reductions see one edge each) and
    NaN / extremes just outside it, which the instruction must not read."""
    t = random_tile(rng, (tile.rows, tile.cols), dt)
    edges = edge_values(dt)
    vr, vc = tile.vr(), tile.vc()
    v = to_float(t, dt) if dt in FLOATS else t.astype(np.int64)
    for n, e in enumerate(edges):
        r, c = (n % vr, (3 * n) % vc) if along_rows else ((3 * n) % vr, n % vc)
        v[r, c] = e
    # Lines of zeros, the first of the other sign: the first zero met decides the sign of a
    # min/max.
    if dt in FLOATS and (vr if along_rows else vc) > len(edges) + 1:
        k = len(edges)
        for m, first in enumerate((-0.0, 0.0)):
            line = np.where(np.arange(vc if along_rows else vr) == 0, first, -first)
            if along_rows:
                v[k + m, :vc] = line
            else:
                v[:vr, k + m] = line
    outside = np.nan if dt in FLOATS else edges[0]
    if vc < tile.cols:
        v[:, vc] = outside
    if vr < tile.rows:
        v[vr, :] = outside
    return from_float(v, dt) if dt in FLOATS else v.astype(NP[dt])


# References -------------------------------------------------------------------------------


def fold(lines, dt, op):
    """Reduce each row of lines (float64 or int64 values) from the left."""
    acc = lines[:, 0].copy()
    nan = np.isnan(acc) if dt in FLOATS else np.zeros(acc.shape, bool)
    for k in range(1, lines.shape[1]):
        x = lines[:, k]
        if dt in FLOATS:
            nan |= np.isnan(x)
        acc = np.where(x < acc if op == "min" else acc < x, x, acc)
    return np.where(nan, np.nan, acc) if dt in FLOATS else acc


def select(a, s, dt, op):
    """max/min of a against s: s replaces a only when strictly beyond it; NaN from either."""
    out = np.where(s < a if op == "min" else a < s, s, a)
    if dt in FLOATS:
        out = np.where(np.isnan(a) | np.isnan(s), np.nan, out)
    return out


def arith(a, s, dt, op, arch):
    a32, s32 = a.astype(np.float32), np.broadcast_to(s, a.shape).astype(np.float32)
    with np.errstate(all="ignore"):
        if op == "sub":
            r = a32 - s32
        elif op == "div":
            r = a32 / s32
        elif dt == "f32" and arch == "a5":  # expdif by one vexpdif
            return np.exp(a - np.broadcast_to(s, a.shape)).astype(np.float32)
        else:  # expdif: vsub in the type, then vexp
            t = NP[dt]
            diff = a.astype(t) - np.broadcast_to(s, a.shape).astype(t)
            return np.exp(diff.astype(np.float64)).astype(t)
        return r.astype(NP[dt])


def expected(op, tiles, arch):
    """The whole destination tile after op: tiles[name] holds every input (and for DPS the
    destination's prior contents as tiles[op.name + '_d'])."""
    dt, a = op.dt, tiles[op.name + "_a"]
    av = to_float(a, dt) if dt in FLOATS else a.astype(np.int64)
    if op.form == "dps":
        out = tiles[op.name + "_d"].copy()
    else:
        out = np.zeros((op.d.rows, op.d.cols), NP[dt])
    m = op.mnemonic
    if m in ("trowmin", "trowmax"):
        r = fold(av[:op.a.vr(), :op.a.vc()], dt, m[4:])
        out[:op.a.vr(), 0] = from_float(r, dt) if dt in FLOATS else r
        return out
    if m in ("tcolmin", "tcolmax"):
        r = fold(av[:op.a.vr(), :op.a.vc()].T, dt, m[4:])
        out[0, :op.a.vc()] = from_float(r, dt) if dt in FLOATS else r
        return out
    vr, vc = op.d.vr(), op.d.vc()
    if m == "tcolexpand":
        out[:vr, :vc] = np.broadcast_to(a[0, :vc], (vr, vc))
        return out
    b = tiles[op.name + "_b"]
    bv = to_float(b, dt)
    s = bv[:vr, :1] if m.startswith("trowexpand") else bv[:1, :vc]
    kind = m[len("trowexpand"):] if m.startswith("trowexpand") else m[len("tcolexpand"):]
    if kind in ("max", "min"):
        out[:vr, :vc] = from_float(select(av[:vr, :vc], s, dt, kind), dt)
    else:
        out[:vr, :vc] = arith(av[:vr, :vc], s, dt, kind, arch)
    return out


def inputs(rng, op):
    """The op's input tiles by file stem."""
    dt = op.dt
    m = op.mnemonic
    tiles = {}
    along_rows = m.startswith("trow")
    tiles[op.name + "_a"] = source_tile(rng, op.a, dt, along_rows)
    if op.b is not None:
        if m.endswith("div"):
            b = random_tile(rng, (op.b.rows, op.b.cols), dt, 0.5, 8.0)
        else:
            b = random_tile(rng, (op.b.rows, op.b.cols), dt, -60.0, 60.0)
        bv = to_float(b, dt)
        edges = [np.nan, np.inf, -np.inf, -0.0, 0.0]
        flat = bv[:, :1] if m.startswith("trowexpand") else bv[:1, :]
        for n, e in enumerate(edges):
            flat.flat[(2 * n + 1) % flat.size] = e
        if m.startswith("trowexpand"):
            bv[:, :1] = flat
        else:
            bv[:1, :] = flat
        tiles[op.name + "_b"] = from_float(bv, dt)
        # Zeros of both signs in a's line against b's -0.0 and +0.0: ties keep a's zero.
        a = to_float(tiles[op.name + "_a"], dt)
        for n in (3, 4):
            k = (2 * n + 1) % flat.size
            if m.startswith("trowexpand"):
                a[k, :] = np.where(np.arange(a.shape[1]) % 2 == 0, -0.0, 0.0)
            else:
                a[:, k] = np.where(np.arange(a.shape[0]) % 2 == 0, -0.0, 0.0)
        tiles[op.name + "_a"] = from_float(a, dt)
    if op.form == "dps":
        tiles[op.name + "_d"] = random_tile(rng, (op.d.rows, op.d.cols), dt)
    return tiles


def arguments(op):
    """The kernel arguments of op: (name, tile type) of a, b and (DPS) d."""
    args = [(op.name + "_a", op.a.type(op.dt))]
    if op.b is not None:
        args.append((op.name + "_b", op.b.type(op.dt)))
    if op.form == "dps":
        args.append((op.name + "_d", op.d.type(op.dt)))
    return args


def make_case(ops, arch):
    args = [f"{n}.bin" for op in ops for n, _ in arguments(op)]
    outs = []
    for op in ops:
        target = op.name + "_d" if op.form == "dps" else op.name
        arithmetic = op.mnemonic.endswith(("sub", "div", "expdif"))
        if arithmetic:
            spec = {"target": target, "expect": f"{op.name}.expect.bin", "dtype": CMP[op.dt]}
            if op.mnemonic.endswith("expdif"):
                spec["ulp"] = 1   # exp in double may round the last bit either way
        else:
            dtype = BITS.get(op.dt) or np.dtype(NP[op.dt]).name
            spec = {"target": target, "expect": f"{op.name}.expect.bin", "dtype": dtype}
        outs.append(spec)
    return {"arch": arch, "args": args, "outs": outs}


# The ops the minmax_expand_* kernels choose from, by name (<mnemonic without t>_<type>):
# the tiles a, d and b as Op takes them. A reduction's destination has one valid column (row)
# per valid row (column) of a (PTOAS v0.60's valid-region rule).
TILES = {
    "rowmin_f32": (Tile(16, 40, (15, 37)), Tile(16, 1, (15, 1), dn=True)),
    "rowmin_f16": (Tile(16, 48, (14, 45)), Tile(16, 16, (14, 1))),
    "colmin_i8": (Tile(16, 64, (15, 60)), Tile(1, 64, (1, 60))),
    "colmin_i16": (Tile(20, 32, (17, 30)), Tile(1, 32, (1, 30))),
    "colmin_i32": (Tile(9, 24, (9, 21)), Tile(1, 24, (1, 21))),
    "colmin_ui8": (Tile(8, 32, (7, 32)), Tile(1, 32, (1, 32))),
    "colmin_ui16": (Tile(11, 48, (10, 47)), Tile(1, 48, (1, 47))),
    "colmin_ui32": (Tile(5, 16, (5, 9)), Tile(1, 16, (1, 9))),
    "colmin_f16": (Tile(12, 32, (11, 32)), Tile(1, 32, (1, 32))),
    "colmin_bf16": (Tile(14, 16, (13, 16)), Tile(1, 16, (1, 16))),
    "colmin_f32": (Tile(13, 16, (12, 15)), Tile(1, 16, (1, 15))),
    "rowexpandmax_f32": (Tile(12, 24), Tile(12, 24, (11, 20)), Tile(16, 1, dn=True)),
    "rowexpandmax_f16": (Tile(10, 32), Tile(10, 32, (9, 30)), Tile(16, 16)),
    "rowexpandmin_f32": (Tile(10, 16), Tile(10, 16, (10, 13)), Tile(12, 8)),
    "rowexpandmin_f16": (Tile(12, 64), Tile(12, 64, (11, 50)), Tile(16, 1, dn=True)),
}
FORMS = ("sync", "ssa", "dps")


def ops(spellings, first_form):
    """The ops of a kernel: those spellings names (name -> form), then every tcolexpand op
    (tcolexpandsub/div/max/min/expdif on f32 and f16, tcolexpand on all nine types), spelled
    in the turn of FORMS that starts at FORMS[first_form]."""
    out = [Op(n, "t" + n.split("_")[0], n.split("_")[1], form, *TILES[n])
           for n, form in spellings.items()]
    n = first_form
    for kind in ("sub", "div", "max", "min", "expdif"):
        for dt, cols in (("f32", 24), ("f16", 48)):
            out.append(Op(f"colexpand{kind}_{dt}", f"tcolexpand{kind}", dt, FORMS[n % 3],
                          Tile(7, cols), Tile(7, cols, (6, cols - 5)), Tile(1, cols)))
            n += 1
    for dt, cols in (("i8", 64), ("i16", 32), ("i32", 16), ("ui8", 32), ("ui16", 48),
                     ("ui32", 8), ("f16", 16), ("bf16", 32), ("f32", 24)):
        out.append(Op(f"colexpand_{dt}", "tcolexpand", dt, FORMS[n % 3], Tile(2, cols),
                      Tile(5, cols, (4, cols - 3))))
        n += 1
    return out


def minmax_expand_case(arch, seed, ops):
    """CASE and generate(out_dir) of a kernel computing ops (a list of Op)."""
    return make_case(ops, arch), lambda out_dir: generate_case(out_dir, ops, seed, arch)


def generate_case(out_dir, ops, seed, arch):
    rng = np.random.default_rng(seed)
    for op in ops:
        tiles = inputs(rng, op)
        for name, t in tiles.items():
            t.tofile(os.path.join(out_dir, f"{name}.bin"))
        expected(op, tiles, arch).tofile(os.path.join(out_dir, f"{op.name}.expect.bin"))


def kernel_text(ops, header):
    lines = [f"// {h}" for h in header]
    lines += [f".arg %{name} : {ty}" for op in ops for name, ty in arguments(op)]
    for op in ops:
        ins = [f"%{op.name}_a"] + ([f"%{op.name}_b"] if op.b is not None else [])
        types = [op.a.type(op.dt)] + ([op.b.type(op.dt)] if op.b is not None else [])
        dtype = op.d.type(op.dt)
        if op.form == "dps":
            lines.append(f"pto.{op.mnemonic} ins({', '.join(ins)} : {', '.join(types)}) "
                         f"outs(%{op.name}_d : {dtype})")
        elif op.form == "ssa":
            lines.append(f"%{op.name} = pto.{op.mnemonic} {', '.join(ins)} : "
                         f"({', '.join(types)}) -> {dtype}")
        else:
            lines.append(f"%{op.name} = {op.mnemonic} {', '.join(ins)} : "
                         f"{', '.join(types)} -> {dtype}")
    return "\n".join(lines) + "\n"
