"""VMI vstore of integer lanes through a pointer to narrower elements (docs/semantics.md "VMI
layer": such a store keeps each lane's low bytes, as the MX kernels' i32 exponents stored
through ui8 pointers): i32 -> ui8 under a tail mask, in slots ({group = 8}, L == C) at strides 1
and 5 and in 4 rows of 16 at stride 20; i16 -> ui8; si32 -> i16 under the mask. The outputs
start as sentinels (0xA5 bytes, 0x5A5A halves) where nothing is written."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import random_ints, save

CASE = {
    "args": ["w.bin", "h.bin", "out8.bin", "out16.bin"],
    "outs": [{"target": "3", "expect": "out8.expect.bin", "dtype": "uint8"},
             {"target": "4", "expect": "out16.expect.bin", "dtype": "int16"}],
}


def low(values, dt):
    """The low bytes of each integer, as dt (two's complement)."""
    bits = np.iinfo(dt).bits
    return (values.astype(np.int64) & ((1 << bits) - 1)).astype(np.uint64).astype(dt)


def generate(out_dir):
    rng = np.random.default_rng(4102)
    w = random_ints(rng, 64, np.int32)
    w[:6] = [0, -1, 255, 256, -129, 0x12345678]
    h = random_ints(rng, 128, np.int16)
    h[:4] = [-1, 0x7f80, -256, 0x00ff]
    out8 = np.full(512, 0xA5, np.uint8)
    out16 = np.full(128, 0x5A5A, np.int16)
    e8, e16 = out8.copy(), out16.copy()
    e8[0:50] = low(w[:50], np.uint8)
    slots = w[0:64:8]
    e8[64:72] = low(slots, np.uint8)
    e8[80 + 5 * np.arange(8)] = low(slots, np.uint8)
    e8[128:256] = low(h, np.uint8)
    for g in range(4):
        e8[320 + 20 * g: 320 + 20 * g + 16] = low(w[16 * g: 16 * g + 16], np.uint8)
    e16[0:50] = low(w[:50], np.uint16).view(np.int16)
    save(out_dir, {"w": w, "h": h, "out8": out8, "out16": out16,
                   "out8.expect": e8, "out16.expect": e16})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
