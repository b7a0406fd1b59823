"""Numpy references of the gathers, scatters and sorts (tests/golden/gather_sort/).

Gathers and scatters move element bits, so every tile is handled as unsigned integers of the
element's width and compared exactly. Sort keys are the f16/f32 values of those bits.
The *_case functions are the generators the a2a3 and a5 cases share: each takes the case's
arch, seed and tables and returns its CASE and generate(out_dir).
"""
import os

import numpy as np

# element type -> (bit-pattern numpy type, golden_case compare dtype)
BITS = {
    "i8": np.uint8, "ui8": np.uint8, "i16": np.uint16, "ui16": np.uint16, "f16": np.uint16,
    "bf16": np.uint16, "i32": np.uint32, "ui32": np.uint32, "f32": np.uint32,
    "f8E4M3FN": np.uint8, "f8E5M2": np.uint8, "hif8": np.uint8,
}

# Edge bit patterns planted at the start of every data tile: zeros, -1 / all ones, integer
# min and max, +-inf, NaN (with a payload), -0, the largest finite values.
EDGES = {
    np.uint8: [0x00, 0xFF, 0x80, 0x7F, 0x01],
    np.uint16: [0x0000, 0xFFFF, 0x8000, 0x7FFF, 0x7C00, 0xFC00, 0x7E01, 0x7F80, 0xFF80, 0x7BFF],
    np.uint32: [0x00000000, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x7F800000, 0xFF800000,
                0x7FC00123, 0x7F7FFFFF, 0x00000001],
}


def compare_type(dt):
    return np.dtype(BITS[dt]).name


def data_bits(rng, shape, dt):
    """Random element bits with the edge patterns planted first."""
    b = BITS[dt]
    t = rng.integers(0, np.iinfo(b).max, size=shape, endpoint=True, dtype=np.uint64).astype(b)
    flat = t.reshape(-1)
    edges = EDGES[b]
    flat[:len(edges)] = edges
    return t


def index_array(values, dt):
    """Index values in the index tile's type (i16/ui16/i32/ui32)."""
    return np.asarray(values, {"i16": np.int16, "ui16": np.uint16, "i32": np.int32,
                               "ui32": np.uint32}[dt])


def write(out_dir, files):
    """Writes each array of \a files (name -> array) as name."""
    for name, a in files.items():
        np.ascontiguousarray(a).tofile(os.path.join(out_dir, name))


# ---- gathers and scatters ----

def gather_index(src, idx, dst_shape, vrows, vcols):
    dst = np.zeros(dst_shape, src.dtype)
    flat = src.reshape(-1)
    dst[:vrows, :vcols] = flat[idx[:vrows, :vcols].astype(np.int64)]
    return dst


PATTERNS = {
    "P0101": lambda c: c % 2 == 0, "P1010": lambda c: c % 2 == 1,
    "P0001": lambda c: c % 4 == 0, "P0010": lambda c: c % 4 == 1,
    "P0100": lambda c: c % 4 == 2, "P1000": lambda c: c % 4 == 3,
    "P1111": lambda c: True,
}


def gather_mask(src, vrows, vcols, pattern, dst_shape):
    cols = [c for c in range(vcols) if PATTERNS[pattern](c)]
    stream = src[:vrows, cols].reshape(-1)
    dst = np.zeros(dst_shape, src.dtype).reshape(-1)
    dst[:len(stream)] = stream
    return dst.reshape(dst_shape)


def gather_blocks(src, offsets, dst_shape, vrows, vcols):
    """tgatherb: block b of row r of the valid region = 32 bytes at byte offsets[r, b]."""
    s = src.reshape(-1).view(np.uint8)
    dst = np.zeros(dst_shape, src.dtype)
    row_bytes = vcols * src.itemsize
    for r in range(vrows):
        row = dst[r].view(np.uint8)
        for b in range(row_bytes // 32):
            o = int(offsets[r, b])
            row[b * 32:(b + 1) * 32] = s[o:o + 32]
    return dst


def scatter_flat(src, idx, vrows, vcols, dst):
    """tscatter: dst zeroed, then dst.flat[idx[i, j]] = src[i, j] in row-major order."""
    out = np.zeros_like(dst).reshape(-1)
    for i in range(vrows):
        for j in range(vcols):
            out[int(idx[i, j])] = src[i, j]
    return out.reshape(dst.shape)


# ---- sorts: 8-byte records (value bits, zeros to byte 4, index bits) ----

def key_of(bits):
    """Sort keys (float64) of f16 (uint16) or f32 (uint32) bit patterns."""
    f = bits.view(np.float16 if bits.dtype == np.uint16 else np.float32)
    return f.astype(np.float64)


def sort_order(keys):
    """Positions of keys in tsort32 order: descending, NaN first, ties in position order."""
    rank = np.where(np.isnan(keys), np.inf, keys)
    nan_first = np.where(np.isnan(keys), 0, 1)
    return sorted(range(len(keys)), key=lambda k: (nan_first[k], -rank[k] if not
                                                   np.isnan(keys[k]) else 0, k))


def record(value_bits, index):
    """One 8-byte record as bytes."""
    r = np.zeros(8, np.uint8)
    v = np.asarray([value_bits], value_bits.dtype).view(np.uint8)
    r[:len(v)] = v
    r[4:] = np.asarray([index], np.uint32).view(np.uint8)
    return r


def sort32(src, idx, vrows, vcols, dst_shape):
    dst = np.zeros(dst_shape, src.dtype)
    for r in range(vrows):
        out = dst[r].view(np.uint8)
        for c0 in range(0, vcols, 32):
            cols = list(range(c0, min(c0 + 32, vcols)))
            keys = key_of(src[r, cols])
            for k, p in enumerate(sort_order(keys)):
                c = cols[p]
                out[8 * (c0 + k):8 * (c0 + k + 1)] = record(src[r, c], int(idx[r, c]))
    return dst


def records_of(row_bits):
    """A row of element bits as a list of 8-byte records (uint8 arrays)."""
    b = row_bits.view(np.uint8)
    return [b[8 * k:8 * k + 8].copy() for k in range(len(b) // 8)]


def record_key(rec, value_type):
    return key_of(rec[:np.dtype(value_type).itemsize].view(value_type))[0]


def before(a, b):
    if np.isnan(b):
        return False
    return bool(np.isnan(a) or a > b)


def merge_runs(runs, value_type):
    """Merges sorted runs of records; a tie goes to the lower run."""
    taken = [0] * len(runs)
    out = []
    for _ in range(sum(len(r) for r in runs)):
        best = None
        for l, run in enumerate(runs):
            if taken[l] == len(run):
                continue
            key = record_key(run[taken[l]], value_type)
            if best is None or before(key, best[1]):
                best = (l, key)
        out.append(runs[best[0]][taken[best[0]]])
        taken[best[0]] += 1
    return out


def merge_lists(lists, room, exhausted, value_type):
    """tmrgsort with 2-4 lists: records merged until `room` are written or the lists run out
    (with `exhausted`, until one list runs out). Returns (records, taken per list)."""
    taken = [0] * len(lists)
    out = []
    while len(out) < room:
        best = None
        one_empty = False
        for l, lst in enumerate(lists):
            if taken[l] == len(lst):
                one_empty = True
                continue
            key = record_key(lst[taken[l]], value_type)
            if best is None or before(key, best[1]):
                best = (l, key)
        if best is None or (exhausted and one_empty):
            break
        out.append(lists[best[0]][taken[best[0]]])
        taken[best[0]] += 1
    return out, taken


# ---- Case generators: each returns (CASE, generate) for a golden.py (tests/golden/gather_sort/);
# arch and seed are the case's own, the tables name its kernel's tiles. ----


def _outs(names_types):
    """CASE outs comparing result <name> with <name>.expect.bin as the bits of type dt."""
    return [{"target": n, "expect": f"{n}.expect.bin", "dtype": compare_type(dt)}
            for n, dt in names_types]


def _pairs_case(arch, types, second, result):
    """CASE of a case reading src_<dt>.bin and <second>_<dt>.bin for each row (dt, ...) of
    types, with results <result>_<dt>."""
    return {"arch": arch,
            "args": [f for dt, *_ in types for f in (f"src_{dt}.bin", f"{second}_{dt}.bin")],
            "outs": _outs((f"{result}_{dt}", dt) for dt, *_ in types)}


ALL_TYPES = ['i8', 'ui8', 'i16', 'ui16', 'i32', 'ui32', 'f16', 'bf16', 'f32']

# mgather / mscatter: a view from row 1 of an 8x32 tensor to its end, 3x20 valid indices.
MG_VROWS, MG_VCOLS = 3, 20
MG_BASE, MG_REACH = 32, 224


def mgather_mscatter_case(arch, seed):
    case = {
        "arch": arch,
        "args": ["idx.bin", "idx2.bin"] + [f for dt in ALL_TYPES
                                           for f in (f"src_{dt}.bin", "zeros:128", "zeros:128")],
        "outs": [o for k, dt in enumerate(ALL_TYPES) for o in (
            {"target": str(4 + 3 * k), "expect": f"g_{dt}.expect.bin", "dtype": compare_type(dt)},
            {"target": str(5 + 3 * k), "expect": f"o_{dt}.expect.bin", "dtype": compare_type(dt)})],
    }

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        idx = rng.integers(0, MG_REACH, size=(4, 32)).astype(np.int32)
        idx[0, :2] = [0, MG_REACH - 1]
        idx2 = rng.integers(0, 128, size=(4, 32)).astype(np.int32)  # 60 writes into 128: repeats
        idx2[0, :3] = [127, 0, 127]
        files = {"idx.bin": idx, "idx2.bin": idx2}
        for dt in ALL_TYPES:
            src = data_bits(rng, (8, 32), dt)
            flat = src.reshape(-1)
            g = np.zeros((4, 32), src.dtype)
            g[:MG_VROWS, :MG_VCOLS] = flat[MG_BASE + idx[:MG_VROWS, :MG_VCOLS]]
            o = np.zeros(128, src.dtype)
            for i in range(MG_VROWS):
                for j in range(MG_VCOLS):
                    o[idx2[i, j]] = g[i, j]
            files[f"src_{dt}.bin"] = src
            files[f"g_{dt}.expect.bin"] = g
            files[f"o_{dt}.expect.bin"] = o
        write(out_dir, files)
    return case, generate


def tgather_index_case(arch, seed, src_shape, dst_shape, valid, types, tmp=False):
    """types: (element type, index type) pairs; tmp: each gather also takes a zero tmp tile of
    its index tile's type (PTOAS v0.60 wants one on a2a3)."""
    case = _pairs_case(arch, types, "idx", "g")
    if tmp:
        zeros = f"zeros:{dst_shape[0] * dst_shape[1]}"
        case["args"] = [a for dt, *_ in types
                        for a in (f"src_{dt}.bin", f"idx_{dt}.bin", zeros)]

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        capacity = src_shape[0] * src_shape[1]
        for dt, it in types:
            src = data_bits(rng, src_shape, dt)
            idx = rng.integers(0, capacity, size=dst_shape)
            idx.reshape(-1)[:3] = [0, capacity - 1, capacity - 1]  # first and last, repeated
            idx = index_array(idx, it)
            files[f"src_{dt}.bin"] = src
            files[f"idx_{dt}.bin"] = idx
            files[f"g_{dt}.expect.bin"] = gather_index(src, idx, dst_shape, *valid)
        write(out_dir, files)
    return case, generate


# The mask patterns in the order the tgather_mask_* kernels use them: two per element type, in
# their order of types, starting over after the last.
MASK_PATTERN_ORDER = ["P0101", "P0010", "P1010", "P0100", "P0001", "P1000", "P0010", "P1111",
                      "P0100", "P0101", "P1000", "P1010", "P1111", "P0001"]


def tgather_mask_case(arch, seed, src_shape, valid, dst_shape, types):
    """Two gathers of each of types, with the patterns of MASK_PATTERN_ORDER; the result of
    pattern P on type t is p..._t (p0101_i16)."""
    order = MASK_PATTERN_ORDER
    uses = [(dt, order[(2 * i + j) % len(order)]) for i, dt in enumerate(types) for j in (0, 1)]
    uses = [(dt, p, f"{p.lower()}_{dt}") for dt, p in uses]
    case = {"arch": arch, "args": [f"src_{dt}.bin" for dt in types],
            "outs": _outs((n, dt) for dt, _, n in uses)}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        src = {}
        for dt in types:
            src[dt] = data_bits(rng, src_shape, dt)
            files[f"src_{dt}.bin"] = src[dt]
        for dt, p, n in uses:
            files[f"{n}.expect.bin"] = gather_mask(src[dt], *valid, p, dst_shape)
        write(out_dir, files)
    return case, generate


# tgatherb: (element type, offset type, source shape, destination shape); 3 valid rows.
GATHERB_TYPES = [('i8', 'ui32', (5, 96), (4, 64)), ('ui8', 'i32', (5, 96), (4, 64)),
                 ('i16', 'ui32', (5, 48), (4, 32)), ('ui16', 'i32', (5, 48), (4, 32)),
                 ('i32', 'ui32', (5, 24), (4, 16)), ('ui32', 'i32', (5, 24), (4, 16)),
                 ('f16', 'ui32', (5, 48), (4, 32)), ('bf16', 'i32', (5, 48), (4, 32)),
                 ('f32', 'ui32', (5, 24), (4, 16))]
GATHERB_VROWS = 3


def tgatherb_case(arch, seed):
    case = _pairs_case(arch, GATHERB_TYPES, "off", "b")

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for dt, ot, src_shape, dst_shape in GATHERB_TYPES:
            src = data_bits(rng, src_shape, dt)
            last = src.nbytes - 32
            off = rng.integers(0, last + 1, size=(4, 8))
            off[0, :2] = [0, last]  # the first and the last whole block
            off = index_array(off, ot)
            files[f"src_{dt}.bin"] = src
            files[f"off_{dt}.bin"] = off
            files[f"b_{dt}.expect.bin"] = gather_blocks(src, off, dst_shape, GATHERB_VROWS,
                                                        dst_shape[1])
        write(out_dir, files)
    return case, generate


# tscatter: 4x32 sources and index tiles (valid 3x24) into 6x32 destinations (valid 5x32) that
# hold data before; indices over the destination's 192 elements, repeated.
SCATTER_SRC, SCATTER_VALID, SCATTER_DST = (4, 32), (3, 24), (6, 32)


def tscatter_case(arch, seed, types):
    """types: (element type, index type) pairs; the scatter of dt writes d_<dt>."""
    case = {"arch": arch,
            "args": [f for dt, _ in types for f in (f"src_{dt}.bin", f"idx_{dt}.bin",
                                                    f"d_{dt}.bin")],
            "outs": [{"target": f"d_{dt}", "expect": f"c_{dt}.expect.bin",
                      "dtype": compare_type(dt)} for dt, _ in types]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        slots = SCATTER_DST[0] * SCATTER_DST[1]
        for dt, it in types:
            src = data_bits(rng, SCATTER_SRC, dt)
            idx = rng.integers(0, slots, size=SCATTER_SRC)
            idx[0, :4] = [0, slots - 1, slots - 1, 0]  # the first and last, repeated
            idx = index_array(idx, it)
            dst = data_bits(rng, SCATTER_DST, dt)
            files[f"src_{dt}.bin"] = src
            files[f"idx_{dt}.bin"] = idx
            files[f"d_{dt}.bin"] = dst
            files[f"c_{dt}.expect.bin"] = scatter_flat(src, idx, *SCATTER_VALID, dst)
        write(out_dir, files)
    return case, generate


def sort_values(rng, n, dt):
    """Sort values as element bits: small integers (many ties, +0 and -0), +-inf, NaN."""
    ft = np.float16 if dt == "f16" else np.float32
    v = rng.integers(-4, 5, size=n).astype(ft)
    v[rng.random(n) < 0.15] = -0.0
    bits = v.view(np.uint16 if dt == "f16" else np.uint32).copy()
    specials = ([0x7E01, 0xFE00, 0x7C00, 0xFC00, 0x8000, 0x0000, 0x7BFF, 0x0001] if dt == "f16" else
                [0x7FC00123, 0xFFC00000, 0x7F800000, 0xFF800000, 0x80000000, 0, 0x7F7FFFFF, 1])
    pos = rng.choice(n, size=len(specials), replace=False)
    bits[pos] = specials
    return bits


# tsort32: f16 and f32 sources of 4x96 (valid 3x80, a partial last block).
SORT32_SRC, SORT32_VALID = (4, 96), (3, 80)


def tsort32_case(arch, seed, index_type):
    """index_type: "i32" or "ui32", the type of the index tiles."""
    case = _pairs_case(arch, [("f16",), ("f32",)], "idx", "r")

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        rows, cols = SORT32_SRC
        for dt in ("f16", "f32"):
            src = sort_values(rng, rows * cols, dt).reshape(SORT32_SRC)
            idx = rng.integers(0, 2**32, size=SORT32_SRC, dtype=np.uint64).astype(np.uint32)
            idx.reshape(-1)[:2] = [0xFFFFFFFF, 0x80000001]
            idx = idx.view(np.int32) if index_type == "i32" else idx
            dst_shape = (rows, cols * (4 if dt == "f16" else 2))
            files[f"src_{dt}.bin"] = src
            files[f"idx_{dt}.bin"] = idx
            files[f"r_{dt}.expect.bin"] = sort32(src, idx.view(np.uint32), *SORT32_VALID,
                                                 dst_shape)
        write(out_dir, files)
    return case, generate


def tmrgsort_case(arch, seed, specs):
    """One-list tmrgsort. specs: (element type, columns, valid columns, blockLen[, name]);
    valid columns past the last whole group of 4 x blockLen are left alone. A spec's files
    are src_<name>.bin and m_<name>, the name its element type unless given."""
    named = [(spec[4] if len(spec) > 4 else spec[0], *spec[:4]) for spec in specs]
    case = {"arch": arch, "args": [f"src_{name}.bin" for name, *_ in named],
            "outs": _outs((f"m_{name}", dt) for name, dt, *_ in named)}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, dt, cols, vcols, block_len in named:
            bits = np.uint16 if dt == "f16" else np.uint32
            per_record = 8 // np.dtype(bits).itemsize
            n = cols // per_record  # records in the whole row
            vals = sort_values(rng, n, dt)
            idx = rng.integers(0, 2**32, size=n, dtype=np.uint64).astype(np.uint32)
            recs = [record(vals[k], idx[k]) for k in range(n)]
            run = block_len // per_record
            for r0 in range(0, vcols // per_record, run):  # each run sorted as tsort32 sorts
                part = recs[r0:r0 + run]
                order = sort_order(np.array([record_key(x, bits) for x in part]))
                recs[r0:r0 + run] = [part[k] for k in order]
            src = np.concatenate(recs).view(bits).reshape(1, cols)
            out = []
            # Whole groups of four runs only (the repeat count rounds down); the destination's
            # columns past them are not written.
            whole = vcols // per_record // (4 * run) * 4 * run
            for g0 in range(0, whole, 4 * run):
                out += merge_runs([recs[g0 + l * run:g0 + (l + 1) * run] for l in range(4)],
                                  bits)
            dst = np.zeros((1, cols), bits)
            dst[0, :whole * per_record] = np.concatenate(out).view(bits)
            files[f"src_{name}.bin"] = src
            files[f"m_{name}.expect.bin"] = dst
        write(out_dir, files)
    return case, generate


# tmrgsort with 2-4 lists: (result, element type, (cols, valid cols) per list, destination,
# exhausted).
MERGES = [('m4', 'f32', [(64, 64), (64, 40), (32, 32), (64, 16)], (256, 128), False),
          ('m2', 'f16', [(64, 64), (128, 128)], (256, 256), True),
          ('m3', 'f32', [(64, 64), (32, 32), (64, 16)], (256, 256), False)]


def tmrgsort_lists_case(arch, seed):
    case = {"arch": arch,
            "args": [f"{n}_s{k}.bin" for n, _, srcs, _, _ in MERGES for k in range(len(srcs))],
            "outs": _outs((n, dt) for n, dt, *_ in MERGES) +
            [{"target": "counts", "expect": "counts.expect.bin", "dtype": "int16"}]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        counts = np.zeros((1, 16), np.int16)
        for m, (n, dt, srcs, dst, exhausted) in enumerate(MERGES):
            bits = np.uint16 if dt == "f16" else np.uint32
            per_record = 8 // np.dtype(bits).itemsize
            lists = []
            for k, (cols, vcols) in enumerate(srcs):
                total = cols // per_record
                vals = sort_values(rng, total, dt)
                idx = rng.integers(0, 2**32, size=total, dtype=np.uint64).astype(np.uint32)
                recs = [record(vals[r], idx[r]) for r in range(total)]
                valid = vcols // per_record  # the list: the valid records, sorted
                order = sort_order(np.array([record_key(x, bits) for x in recs[:valid]]))
                recs[:valid] = [recs[:valid][o] for o in order]
                files[f"{n}_s{k}.bin"] = np.concatenate(recs).view(bits)
                lists.append(recs[:valid])
            out, taken = merge_lists(lists, dst[1] // per_record, exhausted, bits)
            d = np.zeros(dst[0], bits)
            if out:
                merged = np.concatenate(out).view(bits)
                d[:len(merged)] = merged
            files[f"{n}.expect.bin"] = d
            counts[0, 4 * m:4 * m + len(taken)] = taken
        files["counts.expect.bin"] = counts
        write(out_dir, files)
    return case, generate
