"""Seed 003's LoadAlignVF<T> (b16, b32) with the mask loads NORM, US and DS: what each loop
iteration's plds / psts leave in UB, and the masks of its UpdateMask (plt) chain.

Predicate images (docs/semantics.md "### ldst"): bit k of a mask is bit k % 8 of byte k / 8.
plds NORM reads 32 bytes, US 16 with every bit doubled (mask bit k = image bit k // 2), DS 64
keeping the even bits (mask bit k = image bit 2k); psts NORM writes the 32-byte image. plt_bG n
sets the first bit of each of the first min(n, lanes) lanes (bit 2i for b16, 4i for b32) and
leaves n - lanes (0 once n is smaller) for the next iteration."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

REPEAT_TIMES = 4
STEP_BYTES = 32  # oneRepeatSize: 16 elements of b16, 8 of b32
# (T's lane bytes, the first source byte, the initial count)
VARIANTS = [(2, 0, 300), (4, 256, 150)]
DISTS = ["NORM", "US", "DS"]

CASE = {
    "arch": "a5",
    "args": ["src.bin", "zeros:768", "zeros:768"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "uint8"},
             {"target": "3", "expect": "updated.expect.bin", "dtype": "uint8"}],
}


def mask_load(image_bits, byte, dist):
    """The 256 mask bits plds reads at UB byte \\a byte."""
    k = np.arange(256)
    index = {"NORM": k, "US": k // 2, "DS": 2 * k}[dist]
    return image_bits[byte * 8 + index]


def plt_mask(n, lane_bytes):
    lanes = 256 // lane_bytes
    bits = np.zeros(256, dtype=np.uint8)
    bits[np.arange(min(n, lanes)) * lane_bytes] = 1
    return bits, max(n - lanes, 0)


def image(bits):
    return np.packbits(bits.astype(np.uint8), bitorder="little")


def generate(out_dir):
    rng = np.random.default_rng(3031)
    src = rng.integers(0, 256, size=512, dtype=np.uint8)
    src_bits = np.unpackbits(src, bitorder="little")
    dst, updated = [], []
    for lane_bytes, first, count in VARIANTS:
        for dist in DISTS:
            n = count
            for i in range(REPEAT_TIMES):
                dst.append(image(mask_load(src_bits, first + i * STEP_BYTES, dist)))
                mask, n = plt_mask(n, lane_bytes)
                updated.append(image(mask))
    save(out_dir, {"src": src, "dst.expect": np.concatenate(dst),
                   "updated.expect": np.concatenate(updated)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
