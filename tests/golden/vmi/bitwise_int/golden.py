"""pto.vmi.vand/vor/vxor/vnot on integer logical vectors (docs/semantics.md "VMI layer").

Each active lane is the bitwise result of its lanes' bit patterns; lanes the mask leaves
inactive are 0 (create_mask: the first n lanes; pset PAT_M3: every third lane from 0); the
masked store of vand keeps the sentinels.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

# (type, numpy type, lanes, active lanes), in the kernel's order.
TYPES = [("i8", np.int8, 256, np.arange(256) < 200), ("ui16", np.uint16, 128, np.arange(128) < 100),
         ("si32", np.int32, 64, np.arange(64) % 3 == 0), ("i32", np.int32, 384, np.arange(384) < 300)]

CASE = {
    "args": [f"in_{t}.bin" for t, _, _, _ in TYPES] + [f"out_{t}.init.bin" for t, _, _, _ in TYPES],
    "outs": [{"target": str(len(TYPES) + i + 1), "expect": f"out_{t}.expect.bin",
              "dtype": np.dtype(dt).name} for i, (t, dt, _, _) in enumerate(TYPES)],
}


def generate(out_dir):
    rng = np.random.default_rng(4104)
    arrays = {}
    for t, dt, lanes, active in TYPES:
        info = np.iinfo(dt)
        ab = rng.integers(info.min, info.max, 2 * lanes, endpoint=True).astype(dt)
        a, b = ab[:lanes], ab[lanes:]
        zero = np.zeros(lanes, dt)
        out0 = (np.arange(5 * lanes) * 7 + 3).astype(dt)
        out = out0.copy()
        out[0:lanes] = a & b
        out[lanes:2 * lanes] = np.where(active, a | b, zero)
        out[2 * lanes:3 * lanes] = np.where(active, a ^ b, zero)
        out[3 * lanes:4 * lanes] = np.where(active, ~a, zero)
        out[4 * lanes:5 * lanes] = np.where(active, a & b, out0[4 * lanes:])
        arrays.update({f"in_{t}": ab, f"out_{t}.init": out0, f"out_{t}.expect": out})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
