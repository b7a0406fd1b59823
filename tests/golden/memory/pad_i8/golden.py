"""TLOAD i8 with pad max/min: 20x24 valid of 32x64, the rest the NPU pad bits."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # Compared exactly, as unsigned 8-bit patterns.
    "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": "uint8"},
             {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint8"}],
}

# TLOAD fills with the NPU's pad bit patterns (pto-isa PadValueMap; docs/semantics.md).
# min for i8 is 0xFF (-1), not -128
PAD_MAX = 0x7F
PAD_MIN = 0xFF


def generate(out_dir):
    rng = np.random.default_rng(171)
    src = rng.integers(0, 1 << 8, size=(32, 64), dtype=np.uint8)
    window = src[2:22, 3:27]          # the 20x24 valid region, loaded from (2, 3)
    hi = np.full((32, 64), PAD_MAX, np.uint8)
    hi[:20, :24] = window
    lo = np.full((32, 64), PAD_MIN, np.uint8)
    lo[:20, :24] = window
    src.tofile(os.path.join(out_dir, "src.bin"))
    hi.tofile(os.path.join(out_dir, "hi.expect.bin"))
    lo.tofile(os.path.join(out_dir, "lo.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
