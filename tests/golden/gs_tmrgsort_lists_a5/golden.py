"""TMRGSORT multi-list form on a5: 4, 2 and 3 lists, exhausted on and off."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

def values(rng, n, dt):
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

SEED = 671
# (result, element type, (cols, valid cols) per list, destination, exhausted)
MERGES = [('m4', 'f32', [(64, 64), (64, 40), (32, 32), (64, 16)], (256, 128), False),
          ('m2', 'f16', [(64, 64), (128, 128)], (256, 256), True),
          ('m3', 'f32', [(64, 64), (32, 32), (64, 16)], (256, 256), False)]

CASE = {
    "arch": "a5",
    "args": [f"{n}_s{k}.bin" for n, _, srcs, _, _ in MERGES for k in range(len(srcs))],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": compare_type(dt)}
             for n, dt, *_ in MERGES] +
            [{"target": "counts", "expect": "counts.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    files = {}
    counts = np.zeros((1, 16), np.int16)
    for m, (n, dt, srcs, dst, exhausted) in enumerate(MERGES):
        bits = np.uint16 if dt == "f16" else np.uint32
        per_record = 8 // np.dtype(bits).itemsize
        lists = []
        for k, (cols, vcols) in enumerate(srcs):
            total = cols // per_record
            vals = values(rng, total, dt)
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


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
