"""TGATHER index form on a5: every element type, index types ['i16', 'i32', 'ui16', 'ui32']."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

SEED = 602
SRC, DST, VALID = (6, 32), (5, 64), (4, 64)
TYPES = [('i16', 'i16'), ('ui16', 'ui16'), ('i32', 'i32'), ('ui32', 'ui32'), ('f16', 'i16'),
         ('bf16', 'ui16'), ('f32', 'i32')]

CASE = {
    "arch": "a5",
    "args": [f for dt, _ in TYPES for f in (f"src_{dt}.bin", f"idx_{dt}.bin")],
    "outs": [{"target": f"g_{dt}", "expect": f"g_{dt}.expect.bin", "dtype": compare_type(dt)}
             for dt, _ in TYPES],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    files = {}
    capacity = SRC[0] * SRC[1]
    for dt, it in TYPES:
        src = data_bits(rng, SRC, dt)
        idx = rng.integers(0, capacity, size=DST)
        idx.reshape(-1)[:3] = [0, capacity - 1, capacity - 1]  # first and last, repeated
        idx = index_array(idx, it)
        files[f"src_{dt}.bin"] = src
        files[f"idx_{dt}.bin"] = idx
        files[f"g_{dt}.expect.bin"] = gather_index(src, idx, DST, *VALID)
    write(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
