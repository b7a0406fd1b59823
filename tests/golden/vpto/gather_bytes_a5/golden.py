"""vgather2 of 8-bit sources (docs/semantics.md "Register layer", vgather2): lane i is the byte
at p + offset[i] (the offsets, unsigned, count the source's elements) zero-extended to 16 bits
for ui8 and i8 sources alike; inactive lanes (from 100 under the mask) are 0. The f16 gather
reads 2 bytes at p + 2 * offset[i]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["tab8.bin", "tabh.bin", "off.bin", "zeros:256", "zeros:128"],
    "outs": [{"target": "4", "expect": "out.expect.bin", "dtype": "uint16"},
             {"target": "5", "expect": "outh.expect.bin", "dtype": "float16"}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(4111)
    tab8 = rng.integers(0, 256, 256).astype(np.uint8)
    tab8[:4] = [0x80, 0xFF, 0x7F, 0x00]                 # sign bits that must not extend
    tabh = rng.uniform(-4, 4, 256).astype(np.float16)
    off = rng.integers(0, 256, 128).astype(np.uint16)
    off[:6] = [0, 1, 2, 3, 255, 1]
    on = np.arange(128) < ACTIVE
    u = np.where(on, tab8[off].astype(np.uint16), 0).astype(np.uint16)
    s = tab8[off].astype(np.uint16)                      # i8 source: zero-extended too
    h = np.where(on, tabh[off], np.float16(0)).astype(np.float16)
    save(out_dir, {"tab8": tab8, "tabh": tabh, "off": off,
                   "out.expect": np.concatenate([u, s]), "outh.expect": h})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
