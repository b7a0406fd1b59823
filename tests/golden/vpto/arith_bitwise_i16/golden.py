"""vand, vor, vxor, vshl and vshr on i16 and ui16 lanes, partial masks zeroing lanes 100..127."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["a.bin", "b.bin", "s.bin", "zeros:768"],
    "outs": [{"target": "4", "expect": "out.expect.bin", "dtype": "int16"}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(702)
    a = rng.integers(-32768, 32768, 128).astype(np.int16)
    a[:4] = [-32768, 32767, -1, 0]
    b = rng.integers(-32768, 32768, 128).astype(np.int16)
    s = (np.arange(128) % 20).astype(np.int16)
    a64, s64 = a.astype(np.int64), s.astype(np.int64)
    au = a.view(np.uint16).astype(np.int64)
    shl = np.where(s64 >= 16, 0, (a64 << np.minimum(s64, 15)) & 0xFFFF).astype(np.uint16).view(np.int16)
    shr = (a64 >> np.minimum(s64, 15)).astype(np.int16)
    shru = np.where(s64 >= 16, 0, au >> np.minimum(s64, 15)).astype(np.uint16).view(np.int16)
    out = np.stack([a & b, a | b, a ^ b, shl, shr, shru]).astype(np.int16)
    out[[0, 1, 3, 4, 5], ACTIVE:] = 0
    save(out_dir, {"a": a, "b": b, "s": s, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
