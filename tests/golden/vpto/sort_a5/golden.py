"""vbitsort, vmrgsort4 and get_vms4_sr (a5): 32-score groups (f32, two repeats; f16, one) with
ties, +-0, +-inf and NaN sorted into (score, index) records, descending, NaN first, ties in
input order, an f16 score padded with two zero bytes; four f32 lists merged whole, and three of
four f16 lists merged in exhausted mode (stopping when one runs out), a tie going to the lower
list; the records taken from each list, read back with get_vms4_sr."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

LENGTHS32, VALID32, EXHAUSTED32 = [3, 2, 4, 1], [1, 1, 1, 1], False
LENGTHS16, VALID16, EXHAUSTED16 = [5, 4, 3, 7], [1, 1, 1, 0], True

CASE = {
    "arch": "a5",
    "args": ["scores32.bin", "idx32.bin", "scores16.bin", "idx16.bin", "lists32.bin",
             "lists16.bin", "zeros:128", "zeros:64", "zeros:32", "zeros:128", "zeros:128"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": d} for n, d in
             [("sorted32", "uint32"), ("sorted16", "uint32"), ("merged32", "uint32"),
              ("merged16", "uint16"), ("counts", "int16")]],
}


def key(score):
    """Sort key: descending, NaN above everything."""
    return (0, 0.0) if np.isnan(score) else (1, -float(score))


def records(scores, indices):
    """(score, index) records as 8-byte rows: score bits in the low 4 bytes (f16: the low 2),
    the index in the high 4."""
    out = np.zeros((len(scores), 8), np.uint8)
    sb = np.ascontiguousarray(scores).view(np.uint8).reshape(len(scores), -1)
    out[:, :sb.shape[1]] = sb
    out[:, 4:] = np.asarray(indices, np.uint32).view(np.uint8).reshape(-1, 4)
    return out


def sorted_records(scores, indices):
    order = sorted(range(len(scores)), key=lambda i: key(scores[i]))  # stable
    return records(scores[order], indices[order])


def merge(lists, valid, exhausted):
    """lists: (scores, records) per list. Returns the merged records and counts taken."""
    taken = [0] * 4
    out = []
    while True:
        best = None
        used_up = False
        for k in range(4):
            if not valid[k]:
                continue
            if taken[k] == len(lists[k][0]):
                used_up = True
                continue
            if best is None or key(lists[k][0][taken[k]]) < key(lists[best][0][taken[best]]):
                best = k
        if best is None or (exhausted and used_up):
            return out, taken
        out.append(lists[best][1][taken[best]])
        taken[best] += 1


def make_lists(rng, lengths, dtype):
    lists = []
    for n in lengths:
        s = np.sort(rng.integers(-4, 5, size=n).astype(dtype))[::-1]  # ties across lists
        idx = rng.integers(0, 1 << 32, size=n, dtype=np.uint64).astype(np.uint32)
        lists.append((s, records(s, idx)))
    return lists


def generate(out_dir):
    rng = np.random.default_rng(1315)
    f = {}
    s32 = rng.integers(-6, 7, size=64).astype(np.float32) * np.float32(0.5)
    s32[:6] = [np.nan, -0.0, 0.0, np.inf, -np.inf, np.nan]
    s32[40:43] = [0.0, -0.0, 0.0]
    i32 = rng.permutation(1 << 16)[:64].astype(np.uint32) | np.uint32(0x80000000)
    s16 = rng.integers(-8, 9, size=32).astype(np.float16)
    s16[:3] = [np.inf, np.nan, -0.0]
    i16 = np.arange(32, dtype=np.uint32) * 7 + 1000
    f["scores32"], f["idx32"], f["scores16"], f["idx16"] = s32, i32, s16, i16
    f["sorted32.expect"] = np.concatenate([sorted_records(s32[g:g + 32], i32[g:g + 32])
                                           for g in (0, 32)]).view(np.uint32)
    f["sorted16.expect"] = sorted_records(s16, i16).view(np.uint32)
    for name, lengths, valid, exhausted, dt, out_bytes in (
            ("32", LENGTHS32, VALID32, EXHAUSTED32, np.float32, 128),
            ("16", LENGTHS16, VALID16, EXHAUSTED16, np.float16, 256)):
        lists = make_lists(rng, lengths, dt)
        buf = np.zeros(128 if name == "32" else 256, np.uint8)
        flat = np.concatenate([r for _, r in lists]).reshape(-1)
        buf[:flat.size] = flat
        f[f"lists{name}"] = buf
        merged, taken = merge(lists, valid, exhausted)
        out = np.zeros(out_bytes, np.uint8)
        if merged:
            m = np.concatenate(merged)
            out[:m.size] = m
        f[f"merged{name}.expect"] = out.view(np.uint32 if name == "32" else np.uint16)
        f[f"taken{name}"] = taken
    counts = np.zeros(128, np.int16)
    counts[0:64:16] = f.pop("taken32")
    counts[64:128:16] = f.pop("taken16")
    f["counts.expect"] = counts
    save(out_dir, f)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
