"""TMRGSORT one-list form on a5: f16 and f32, ties across runs, NaN, +-inf."""
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

SEED = 662
# (element type, columns, valid columns, blockLen)
SPECS = [('f32', 1024, 1024, 128), ('f16', 768, 512, 64)]

CASE = {
    "arch": "a5",
    "args": [f"src_{dt}.bin" for dt, *_ in SPECS],
    "outs": [{"target": f"m_{dt}", "expect": f"m_{dt}.expect.bin", "dtype": compare_type(dt)}
             for dt, *_ in SPECS],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    files = {}
    for dt, cols, vcols, block_len in SPECS:
        bits = np.uint16 if dt == "f16" else np.uint32
        per_record = 8 // np.dtype(bits).itemsize
        n = cols // per_record  # records in the whole row
        vals = values(rng, n, dt)
        idx = rng.integers(0, 2**32, size=n, dtype=np.uint64).astype(np.uint32)
        recs = [record(vals[k], idx[k]) for k in range(n)]
        run = block_len // per_record
        for r0 in range(0, vcols // per_record, run):  # each run sorted as tsort32 sorts
            part = recs[r0:r0 + run]
            order = sort_order(np.array([record_key(x, bits) for x in part]))
            recs[r0:r0 + run] = [part[k] for k in order]
        src = np.concatenate(recs).view(bits).reshape(1, cols)
        out = []
        for g0 in range(0, vcols // per_record, 4 * run):
            out += merge_runs([recs[g0 + l * run:g0 + (l + 1) * run] for l in range(4)], bits)
        dst = np.zeros((1, cols), bits)
        dst[0, :vcols] = np.concatenate(out).view(bits)
        files[f"src_{dt}.bin"] = src
        files[f"m_{dt}.expect.bin"] = dst
    write(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
