"""pto.pltm_b8/b16/b32 (PTOAS v0.60): lane i of a mask of VL lanes is active when
i + loop * VL < bound. Each mask is stored by psts NORM at out[k * 32]: a mask is its 256 bits,
a lane of G bytes is bit G*i. The (loop, bound) pairs, the same for each granularity, cover a
loop inside the bound, at its edge, past it, a negative loop, and a bound past the vector."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# (loop, bound): kept in step with kernel.pto's constants.
PAIRS = [(0, 77), (2, 192), (1, 64), (3, 100), (-1, 5), (0, 1000)]

CASE = {
    "arch": "a5",
    "args": [f"zeros:{3 * len(PAIRS) * 32}"],
    "outs": [{"target": "1", "expect": "out.expect.bin", "dtype": "uint8"}],
}


def mask_bits(loop, bound, g):
    lanes = 256 // g
    active = np.arange(lanes, dtype=np.int64) + np.int64(loop) * lanes < bound
    bits = np.zeros(256, bool)
    bits[::g] = active
    return bits


def generate(out_dir):
    out = [np.packbits(mask_bits(loop, bound, g), bitorder="little")
           for g in (1, 2, 4) for loop, bound in PAIRS]
    np.concatenate(out).astype(np.uint8).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(HERE)
