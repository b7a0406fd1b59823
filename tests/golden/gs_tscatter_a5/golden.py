"""TSCATTER on a5: every element type, repeated row indices."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

SEED = 632
SRC, VALID, DST, DVROWS = (4, 32), (3, 24), (6, 32), 5
TYPES = [('i8', 'i16'), ('ui8', 'ui16'), ('i16', 'i32'), ('ui16', 'ui32'), ('i32', 'i16'),
         ('ui32', 'ui16'), ('f16', 'i32'), ('bf16', 'ui32'), ('f32', 'i16')]

CASE = {
    "arch": "a5",
    "args": [f for dt, _ in TYPES for f in (f"src_{dt}.bin", f"idx_{dt}.bin")],
    "outs": [{"target": f"c_{dt}", "expect": f"c_{dt}.expect.bin", "dtype": compare_type(dt)}
             for dt, _ in TYPES],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    files = {}
    for dt, it in TYPES:
        src = data_bits(rng, SRC, dt)
        idx = index_array(rng.integers(0, DVROWS, size=SRC), it)
        files[f"src_{dt}.bin"] = src
        files[f"idx_{dt}.bin"] = idx
        files[f"c_{dt}.expect.bin"] = scatter_rows(src, idx, *VALID, DST)
    write(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
