"""Numpy references of the gathers, scatters and sorts (tests/golden/gs_*/golden.py).

Gathers and scatters move element bits, so every tile is handled as unsigned integers of the
element's width and compared exactly. Sort keys are the f16/f32 values of those bits.
A golden.py puts this directory on sys.path as it does for golden_ref.
"""
import os

import numpy as np

# element type -> (bit-pattern numpy type, golden_case compare dtype)
BITS = {
    "i8": np.uint8, "ui8": np.uint8, "i16": np.uint16, "ui16": np.uint16, "f16": np.uint16,
    "bf16": np.uint16, "i32": np.uint32, "ui32": np.uint32, "f32": np.uint32,
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


def scatter_rows(src, idx, vrows, vcols, dst_shape):
    dst = np.zeros(dst_shape, src.dtype)
    for i in range(vrows):
        for j in range(vcols):
            dst[int(idx[i, j]), j] = src[i, j]
    return dst


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
