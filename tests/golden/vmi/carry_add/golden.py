"""VMI vaddc / vaddcs (docs/semantics.md "VMI layer"): the 32-bit sum a + b (+ carry in) and
its carry out (bit 32 of the exact sum), on the lanes the mask makes active; an inactive lane
gives a 0 sum and no carry. Lanes 80.. of 96 are inactive; vaddcs takes vaddc's carries."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["a.bin", "b.bin", "zeros:384"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "uint32"}],
}
N, ACTIVE = 96, 80


def generate(out_dir):
    rng = np.random.default_rng(4110)
    a = rng.integers(0, 2 ** 32, N, dtype=np.uint64)
    b = rng.integers(0, 2 ** 32, N, dtype=np.uint64)
    # carries that ripple: all-ones plus one, all-ones plus zero (carry in decides), zero sums
    a[:6] = [0xFFFFFFFF, 0xFFFFFFFF, 0, 0x80000000, 0xFFFFFFFF, 1]
    b[:6] = [1, 0, 0, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE]
    on = np.arange(N) < ACTIVE
    s = a + b
    carry = (s >> 32) & on
    s2 = a + b + carry
    carry2 = (s2 >> 32) & on
    out = np.concatenate([np.where(on, s & 0xFFFFFFFF, 0), np.where(on, s2 & 0xFFFFFFFF, 0),
                          carry, carry2]).astype(np.uint32)
    save(out_dir, {"a": a.astype(np.uint32), "b": b.astype(np.uint32), "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
