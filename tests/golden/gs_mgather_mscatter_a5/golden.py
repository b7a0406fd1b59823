"""MGATHER / MSCATTER on a5: every element type."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

SEED = 642
TYPES = ['i8', 'ui8', 'i16', 'ui16', 'i32', 'ui32', 'f16', 'bf16', 'f32']
VROWS, VCOLS = 3, 20
BASE, REACH = 32, 224  # the view starts at row 1 of the 8x32 tensor and reaches its end

CASE = {
    "arch": "a5",
    "args": ["idx.bin", "idx2.bin"] + [f for dt in TYPES
                                       for f in (f"src_{dt}.bin", "zeros:128", "zeros:128")],
    "outs": [o for k, dt in enumerate(TYPES) for o in (
        {"target": str(4 + 3 * k), "expect": f"g_{dt}.expect.bin", "dtype": compare_type(dt)},
        {"target": str(5 + 3 * k), "expect": f"o_{dt}.expect.bin", "dtype": compare_type(dt)})],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    idx = rng.integers(0, REACH, size=(4, 32)).astype(np.int32)
    idx[0, :2] = [0, REACH - 1]
    idx2 = rng.integers(0, 128, size=(4, 32)).astype(np.int32)  # 60 writes into 128: repeats
    idx2[0, :3] = [127, 0, 127]
    files = {"idx.bin": idx, "idx2.bin": idx2}
    for dt in TYPES:
        src = data_bits(rng, (8, 32), dt)
        flat = src.reshape(-1)
        g = np.zeros((4, 32), src.dtype)
        g[:VROWS, :VCOLS] = flat[BASE + idx[:VROWS, :VCOLS]]
        o = np.zeros(128, src.dtype)
        for i in range(VROWS):
            for j in range(VCOLS):
                o[idx2[i, j]] = g[i, j]
        files[f"src_{dt}.bin"] = src
        files[f"g_{dt}.expect.bin"] = g
        files[f"o_{dt}.expect.bin"] = o
    write(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
