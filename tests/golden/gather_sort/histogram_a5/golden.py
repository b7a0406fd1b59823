"""THISTOGRAM (a5): byte counts per row, filtered as pto-isa's THistogram.hpp filters them."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import kernel_args, save

HERE = os.path.dirname(os.path.abspath(__file__))
OUTS = ("h1", "h0", "w3", "w2", "w1", "w0")

CASE = {
    "arch": "a5",
    "args": kernel_args(HERE, ("s", "hi", "f")),
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "uint32"} for n in OUTS],
}


def counts(values, keep):
    """256 bins of values where keep."""
    return np.bincount(values[keep].astype(np.int64), minlength=256).astype(np.uint32)


def byte(x, k):
    return (x.astype(np.uint64) >> np.uint64(8 * k)) & np.uint64(0xFF)


def generate(out_dir):
    rng = np.random.default_rng(4747)
    s16 = rng.integers(0, 2**16, (32, 256)).astype(np.uint16)
    s16[:, :200] = (rng.integers(0, 4, (32, 200)) * 0x4000 + rng.integers(0, 0x500, (32, 200)))
    hi = rng.integers(0, 0x45, (32, 1)).astype(np.uint8)
    top = rng.choice([0x12, 0x34], (4, 256)).astype(np.uint64)
    mid = rng.choice([0x56, 0x78], (4, 256)).astype(np.uint64)
    s32 = (top << 24 | mid << 16 | rng.integers(0, 3, (4, 256)).astype(np.uint64) << 8 |
           rng.integers(0, 256, (4, 256)).astype(np.uint64)).astype(np.uint32)
    f3 = np.zeros((3, 256), np.uint8)
    f3[0], f3[1], f3[2] = 0x34, 0x56, 0x01  # the filter values: each row's element 0 counts
    f1, f2 = f3[:1].copy(), f3[:2].copy()
    v16, v32 = s16[:, :200], s32[:, :250]
    h1 = np.stack([counts(byte(r, 1), np.ones(200, bool)) for r in v16])
    h0 = np.stack([counts(byte(r, 0), byte(r, 1) == hi[i, 0]) for i, r in enumerate(v16)])
    every = np.ones(250, bool)
    w3 = np.stack([counts(byte(r, 3), every) for r in v32])
    w2 = np.stack([counts(byte(r, 2), byte(r, 3) == 0x34) for r in v32])
    w1 = np.stack([counts(byte(r, 1), (byte(r, 3) == 0x34) & (byte(r, 2) == 0x56)) for r in v32])
    w0 = np.stack([counts(byte(r, 0), (byte(r, 3) == 0x34) & (byte(r, 2) == 0x56) &
                          (byte(r, 1) == 0x01)) for r in v32])
    save(out_dir, {"s16": s16, "hi": hi, "s32": s32, "f1": f1, "f2": f2, "f3": f3,
                   "h1.expect": h1, "h0.expect": h0, "w3.expect": w3, "w2.expect": w2,
                   "w1.expect": w1, "w0.expect": w0})


if __name__ == "__main__":
    generate(HERE)
