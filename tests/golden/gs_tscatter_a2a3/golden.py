"""TSCATTER on a2a3: every element type, repeated row indices."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

SEED = 631
SRC, VALID, DST, DVROWS = (4, 32), (3, 24), (6, 32), 5
TYPES = [('i16', 'ui16'), ('i32', 'ui32'), ('f16', 'ui32'), ('f32', 'ui16')]

CASE = {
    "arch": "a2a3",
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
