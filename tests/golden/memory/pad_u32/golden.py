"""TLOAD ui32 with pad max/min: 5x10 valid of 8x16, the rest the NPU pad bits."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # Compared exactly, as unsigned 32-bit patterns.
    "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": "uint32"},
             {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint32"}],
}

# TLOAD fills with the NPU's pad bit patterns (pto-isa PadValueMap; docs/semantics.md).
PAD_MAX = 0xFFFFFFFF
PAD_MIN = 0x00000000


def generate(out_dir):
    rng = np.random.default_rng(176)
    src = rng.integers(0, 1 << 32, size=(8, 16), dtype=np.uint32)
    window = src[2:7, 3:13]          # the 5x10 valid region, loaded from (2, 3)
    hi = np.full((8, 16), PAD_MAX, np.uint32)
    hi[:5, :10] = window
    lo = np.full((8, 16), PAD_MIN, np.uint32)
    lo[:5, :10] = window
    src.tofile(os.path.join(out_dir, "src.bin"))
    hi.tofile(os.path.join(out_dir, "hi.expect.bin"))
    lo.tofile(os.path.join(out_dir, "lo.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
