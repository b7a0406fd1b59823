"""Histogram of i32 keys by key mod 8 in a core-local array, then exclusive prefix sums."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

N = 200

CASE = {
    "args": ["keys.bin", str(N), "zeros:8", "zeros:8"],
    "outs": [{"target": "counts", "expect": "counts.expect.bin", "dtype": "int32"},
             {"target": "offsets", "expect": "offsets.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(303)
    keys = rng.integers(-1000, 1000, size=N).astype(np.int32)
    buckets = np.mod(keys, 8)  # numpy's mod takes the sign of the divisor: 0..7
    counts = np.bincount(buckets, minlength=8).astype(np.int32)
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
    save(out_dir, {"keys": keys, "counts.expect": counts, "offsets.expect": offsets})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
