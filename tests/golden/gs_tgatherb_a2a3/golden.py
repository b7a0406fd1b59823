"""TGATHERB on a2a3: every element type, aligned and unaligned byte offsets."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

SEED = 621
# (element type, offset type, source shape, destination shape)
TYPES = [('i8', 'ui32', (5, 96), (4, 64)), ('ui8', 'i32', (5, 96), (4, 64)),
         ('i16', 'ui32', (5, 48), (4, 32)), ('ui16', 'i32', (5, 48), (4, 32)),
         ('i32', 'ui32', (5, 24), (4, 16)), ('ui32', 'i32', (5, 24), (4, 16)),
         ('f16', 'ui32', (5, 48), (4, 32)), ('bf16', 'i32', (5, 48), (4, 32)),
         ('f32', 'ui32', (5, 24), (4, 16))]
VROWS = 3

CASE = {
    "arch": "a2a3",
    "args": [f for dt, *_ in TYPES for f in (f"src_{dt}.bin", f"off_{dt}.bin")],
    "outs": [{"target": f"b_{dt}", "expect": f"b_{dt}.expect.bin", "dtype": compare_type(dt)}
             for dt, *_ in TYPES],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    files = {}
    for dt, ot, src_shape, dst_shape in TYPES:
        src = data_bits(rng, src_shape, dt)
        last = src.nbytes - 32
        off = rng.integers(0, last + 1, size=(4, 8))
        off[0, :2] = [0, last]  # the first and the last whole block
        off = index_array(off, ot)
        files[f"src_{dt}.bin"] = src
        files[f"off_{dt}.bin"] = off
        files[f"b_{dt}.expect.bin"] = gather_blocks(src, off, dst_shape, VROWS, dst_shape[1])
    write(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
