"""pgenv_b16/b32 (seed 003's MaskGenWithRegTensor): masks from a vector register's bits."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["bits.bin", "h.bin", "f.bin", "oh.bin", "of.bin", "zeros:128"],
    "outs": [{"target": "4", "expect": "oh.expect.bin", "dtype": "uint16"},
             {"target": "5", "expect": "of.expect.bin", "dtype": "float32"},
             {"target": "6", "expect": "masks.expect.bin", "dtype": "uint8"}],
}


def register_bits(words):
    """The 2048 bits of a vector register holding \\a words, bit k of byte k // 8 first."""
    return np.unpackbits(words.view(np.uint8), bitorder="little")


def generate(out_dir):
    rng = np.random.default_rng(3003)
    bits = rng.integers(0, 1 << 16, size=128, dtype=np.uint16)
    h = rng.integers(0, 1 << 16, size=128, dtype=np.uint16)
    f = rng.uniform(-8, 8, size=64).astype(np.float32)
    oh = np.full(128, 0xBEEF, dtype=np.uint16)
    of = np.full(64, -1.0, dtype=np.float32)
    b = register_bits(bits)
    # b16: mask bit i is register bit 3*128 + i//2; lane j (2 bytes) reads mask bit 2j.
    active16 = b[3 * 128 + np.arange(128)] == 1
    # b32: mask bit i is register bit 17*64 + i//4; lane j (4 bytes) reads mask bit 4j.
    active32 = b[17 * 64 + np.arange(64)] == 1
    # The stored masks at the offsets' bounds: every bit of a lane is its register bit.
    i = np.arange(256)
    masks = [b[k * 128 + i // 2] for k in (0, 15)] + [b[k * 64 + i // 4] for k in (0, 31)]
    save(out_dir, {"bits": bits, "h": h, "f": f, "oh": oh, "of": of,
                   "oh.expect": np.where(active16, h, oh),
                   "of.expect": np.where(active32, f, of).astype(np.float32),
                   "masks.expect": np.packbits(np.concatenate(masks), bitorder="little")})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
