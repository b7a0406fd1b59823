"""Numpy helpers of the golden references for tcmp, tsels, tpart*, trowprod/tcolprod, the arg
reductions, the tfillpad variants and tprefetch (tests/golden/b_*/golden.py).

The *_case functions are the generators the a2a3 and a5 cases share: each takes the case's
arch, seed and tables and returns its CASE and generate(out_dir). A golden.py imports this
module after putting tests/ on sys.path (as for golden_ref.py)."""
import os

import numpy as np

from golden_ref import from_bf16, to_bf16

# PTO element type -> (numpy storage type, golden_case dtype name)
TYPES = {
    "f32": (np.float32, "float32"), "f16": (np.float16, "float16"),
    "bf16": (np.uint16, "bfloat16"),
    "i8": (np.int8, "int8"), "ui8": (np.uint8, "uint8"),
    "i16": (np.int16, "int16"), "ui16": (np.uint16, "uint16"),
    "i32": (np.int32, "int32"), "ui32": (np.uint32, "uint32"),
    "i64": (np.int64, "int64"), "ui64": (np.uint64, "uint64"),
}


def is_float(t):
    return t in ("f32", "f16", "bf16")


def values(t, rng, shape, small=False):
    """A tile of type t with edge values in its first elements: zeros, +-0, +-inf and NaN for
    floats, the minimum and maximum for integers; random values elsewhere (small: |v| <= 3, so
    that products stay in range and ties are frequent)."""
    n = int(np.prod(shape))
    if is_float(t):
        v = rng.integers(-3, 4, size=n).astype(np.float64) if small else rng.normal(0, 8, size=n)
        edges = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.5, -2.25]
        v[: len(edges)] = edges
        v = v.reshape(shape)
        return to_bf16(v.astype(np.float32)) if t == "bf16" else v.astype(TYPES[t][0])
    dt = TYPES[t][0]
    info = np.iinfo(dt)
    if small:
        lo = 0 if info.min == 0 else -3
        v = rng.integers(lo, 4, size=n)
    else:
        v = rng.integers(int(info.min), int(info.max) + 1, size=n, dtype=np.int64)
        v[:4] = [info.min, info.max, 0, info.min + 1]
    return v.astype(dt).reshape(shape)


def widen(t, x):
    """Tile elements as float64 (floats) or int64 (integers), exactly."""
    if t == "bf16":
        return from_bf16(x).astype(np.float64)
    return x.astype(np.float64) if is_float(t) else x.astype(np.int64)


def narrow(t, y):
    """Results stored in type t: floats rounded once (round to nearest even), integers (exact,
    as int64) wrapped modulo 2^bits."""
    if t == "bf16":
        return to_bf16(np.asarray(y, dtype=np.float32))
    if is_float(t):
        return np.asarray(y).astype(TYPES[t][0])
    dt = np.dtype(TYPES[t][0])
    u = np.asarray(y).astype(np.int64).view(np.uint64)
    return u.astype(np.dtype(f"uint{dt.itemsize * 8}")).view(dt)


def pack_mask(pred, mask_shape, mask_dtype=np.uint8):
    """A packed predicate mask tile: row i holds the bits of pred's row i, 8 per byte, least
    significant bit first; bits past pred's columns up to that byte are 0, the rest stays 0."""
    mask = np.zeros(mask_shape, dtype=mask_dtype)
    raw = mask.view(np.uint8).reshape(mask_shape[0], -1)
    packed = np.packbits(pred.astype(np.uint8), axis=1, bitorder="little")
    raw[: pred.shape[0], : packed.shape[1]] = packed
    return mask


def save(out_dir, arrays):
    """Writes each array as <name>.bin."""
    for name, a in arrays.items():
        np.ascontiguousarray(a).tofile(os.path.join(out_dir, f"{name}.bin"))


# ---- Case generators: each returns (CASE, generate) for a golden.py; arch and seed are the
# case's own, the tables name its kernel's tiles. ----


def _result_outs(prefix, table, type_of):
    """CASE outs comparing result <prefix><name> of each table row in the row's type."""
    return [{"target": f"{prefix}{c[0]}", "expect": f"{prefix}{c[0]}.expect.bin",
             "dtype": TYPES[type_of(c)][1]} for c in table]


# trowprod / tcolprod (b_prod_*). Row cases: name, type, shape, valid shape, destination kind
# ("dn": Rx1 col-major; "nd": valid Rx1), spelling ("dps": results and the tmp are arguments).
# Column cases: the same without the destination kind.
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


def _product(t, line):
    """The product of one line, in the kernel's order and precision."""
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
            "outs": _result_outs("rp_", rows, lambda c: c[1]) +
            _result_outs("cp_", cols, lambda c: c[1])}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, shape, (vr, vc), kind, _ in rows:
            src = _prod_source(t, rng, shape)
            wide = widen(t, src)
            expect = np.zeros(_prod_row_dst(t, shape[0], kind), dtype=src.dtype)
            for i in range(vr):
                expect[i, 0] = _product(t, wide[i, :vc])
            files[f"r_{name}"], files[f"rp_{name}.expect"] = src, expect
        for name, t, shape, (vr, vc), _ in cols:
            src = _prod_source(t, rng, (shape[1], shape[0])).T.copy()  # planted lines: columns
            wide = widen(t, src)
            expect = np.zeros((1, shape[1]), dtype=src.dtype)
            for j in range(vc):
                expect[0, j] = _product(t, wide[:vr, j])
            files[f"c_{name}"], files[f"cp_{name}.expect"] = src, expect
        save(out_dir, files)
    return case, generate


# trowargmax/min, tcolargmax/min (b_argreduce_*). Cases: name, instruction, source type, shape,
# valid shape, index type, destination kind ("dn": Rx1 col-major, "nd": Rx8 with valid Rx1,
# "row": 1xC), spelling ("dps": arguments).


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
            args += [f"zeros:{r * c}", f"zeros:{shape[0] * shape[1]}"]
    case = {"arch": arch, "args": args, "outs": _result_outs("d_", cases, lambda c: c[5])}

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


# tpartadd/mul/max/min (b_tpart_*). Cases: name, type, shape, destination valid shape, spelling
# ("dps": results are arguments). Each op reads two of the sources, whose valid shapes differ.
TPART_OPS = [("add", "full", "rows"), ("mul", "cols", "full"), ("max", "full", "both"),
             ("min", "top", "full")]
_TPART_FNS = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}


def _tpart_sources(vr, vc):
    """The valid shape of each source tile."""
    return {"full": (vr, vc), "rows": (vr - 1, vc), "cols": (vr, vc - 5),
            "both": (vr - 1, vc // 2), "top": (1, vc)}


def _tpart_tile(t, rng, shape, full):
    if not is_float(t):
        return values(t, rng, shape)
    v = values("f32", rng, shape)
    if full:  # edge pairs against the other sources' 0, -0, inf, -inf, NaN, 1.5, -2.25
        v.flat[:7] = [np.nan, -np.inf, 1.0, np.inf, 2.0, np.nan, -2.25]
    return narrow(t, v)


def _tpart_apply(op, t, x, y):
    if is_float(t):
        x, y = x.astype(np.float32), y.astype(np.float32)
        with np.errstate(all="ignore"):
            return narrow(t, _TPART_FNS[op](x, y))
    return narrow(t, _TPART_FNS[op](x, y))


def tpart_case(arch, seed, cases):
    args = []
    for name, _, (r, c), _, form in cases:
        args += [f"{s}_{name}.bin" for s in ("full", "rows", "cols", "both", "top")]
        if form == "dps":
            args += [f"zeros:{r * c}"] * len(TPART_OPS)
    case = {"arch": arch, "args": args,
            "outs": [{"target": f"{op}_{c[0]}", "expect": f"{op}_{c[0]}.expect.bin",
                      "dtype": TYPES[c[1]][1]} for c in cases for op, _, _ in TPART_OPS]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, shape, (vr, vc), _ in cases:
            valid = _tpart_sources(vr, vc)
            tiles = {s: _tpart_tile(t, rng, shape, s == "full") for s in valid}
            for s, v in tiles.items():
                files[f"{s}_{name}"] = v
            rows, cols = np.indices(shape)
            for op, a, b in TPART_OPS:
                in_a = (rows < valid[a][0]) & (cols < valid[a][1])
                in_b = (rows < valid[b][0]) & (cols < valid[b][1])
                both = _tpart_apply(op, t, widen(t, tiles[a]), widen(t, tiles[b]))
                full = np.where(in_a & in_b, both, np.where(in_a, tiles[a], tiles[b]))
                expect = np.zeros_like(tiles[a])
                expect[:vr, :vc] = full[:vr, :vc]
                files[f"{op}_{name}.expect"] = expect
        save(out_dir, files)
    return case, generate


# tsels (b_tsels_*). Cases: name, type, shape, valid shape, form ("dps"/"ptoas": outputs are
# arguments, "ptoas" two of them), scalar k. extra_outs: more CASE outs (e.g. a literal k).


def tsels_case(arch, seed, cases, extra_outs=()):
    args = []
    for name, _, (r, c), _, form, _ in cases:
        args += [f"m_{name}.bin", f"s_{name}.bin"]
        args += [f"zeros:{r * c}"] * {"dps": 1, "ptoas": 2}.get(form, 0)
    case = {"arch": arch, "args": args,
            "outs": _result_outs("d_", cases, lambda c: c[1]) + list(extra_outs)}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, (r, c), (vr, vc), _, k in cases:
            mask = rng.integers(0, 256, size=(r, 32), dtype=np.int64).astype(np.uint8)
            src = values(t, rng, (r, c))
            bits = np.unpackbits(mask, axis=1, bitorder="little")[:, :c].astype(bool)
            kt = np.full((r, c), narrow(t, np.float32(k)) if t in ("f32", "f16") else narrow(t, k))
            full = np.where(bits, src, kt)
            expect = np.zeros_like(src)
            expect[:vr, :vc] = full[:vr, :vc]
            files[f"m_{name}"], files[f"s_{name}"], files[f"d_{name}.expect"] = mask, src, expect
        save(out_dir, files)
    return case, generate


# tfillpad_inplace / tfillpad_expand on every element type (b_fillpad_*).
FILLPAD_ORDER = ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32"]
FILLPAD_BITS = {  # (max, min) pad bit patterns
    "f32": (0x7F800000, 0xFF800000), "f16": (0x7C00, 0xFC00), "bf16": (0x7F80, 0xFF80),
    "i32": (0x7FFFFFFF, 0x80000000), "ui32": (0xFFFFFFFF, 0), "i16": (0x7FFF, 0x8000),
    "ui16": (0xFFFF, 0), "i8": (0x7F, 0xFF), "ui8": (0xFF, 0), "i64": (0, 0), "ui64": (0, 0),
}


def _fillpad_layout(k, t):
    """Shape, valid shape, source pad and destination pad of type t (the kernel's rule)."""
    size = np.dtype(TYPES[t][0]).itemsize
    c = 64 // size
    r = 3 + k % 3
    p = 1 if size == 8 else 1 + k % 3
    q = 1 if size == 8 else 1 + (k + 1) % 3
    return (r, c), (r - 1, c - 3), p, q


def _padded(src, valid, shape, pad, t):
    """A tile of shape filled with pad (1 zero, 2 max, 3 min), src's valid region on top."""
    bits = 0 if pad == 1 else FILLPAD_BITS[t][pad - 2]
    dt = np.dtype(TYPES[t][0])
    raw = np.array([bits], dtype=np.dtype(f"uint{dt.itemsize * 8}")).view(dt)[0]
    out = np.full(shape, raw, dtype=dt)
    out[: valid[0], : valid[1]] = src[: valid[0], : valid[1]]
    return out


def fillpad_case(arch, seed):
    case = {"arch": arch,
            "args": [f"{x}_{t}.bin" for t in FILLPAD_ORDER for x in ("s", "x")],
            "outs": [{"target": f"{x}_{t}", "expect": f"{x}_{t}.expect.bin",
                      "dtype": TYPES[t][1]} for t in FILLPAD_ORDER for x in ("s", "e", "i")]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for k, t in enumerate(FILLPAD_ORDER):
            shape, valid, p, q = _fillpad_layout(k, t)
            dt = np.dtype(TYPES[t][0])
            for x in ("s", "x"):
                bits = rng.integers(0, 256, size=shape[0] * shape[1] * dt.itemsize,
                                    dtype=np.int64)
                files[f"{x}_{t}"] = bits.astype(np.uint8).view(dt).reshape(shape)
            files[f"s_{t}.expect"] = _padded(files[f"s_{t}"], valid, shape, p, t)
            expand = (shape[0] + 2, 2 * shape[1])
            files[f"e_{t}.expect"] = _padded(files[f"x_{t}"], valid, expand, q, t)
            files[f"i_{t}.expect"] = _padded(files[f"x_{t}"], valid, shape, q, t)
        save(out_dir, files)
    return case, generate


def prefetch_sync_case(arch, seed, inputs, prefetches, pre):
    """tprefetch writes nothing and tsync.op does nothing; a tload after them reads the data
    (b_prefetch_sync_*). inputs: (file, tload result, golden_case dtype, data(rng)) for each
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
