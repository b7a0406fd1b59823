"""TLOAD ui8 with pad max/min: 10x40 valid of 16x64, the rest the NPU pad bits."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # Compared exactly, as unsigned 8-bit patterns.
    "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": "uint8"},
             {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint8"}],
}

# TLOAD fills with the NPU's pad bit patterns (pto-isa PadValueMap; docs/semantics.md).
PAD_MAX = 0xFF
PAD_MIN = 0x00


def generate(out_dir):
    rng = np.random.default_rng(172)
    src = rng.integers(0, 1 << 8, size=(16, 64), dtype=np.uint8)
    window = src[2:12, 3:43]          # the 10x40 valid region, loaded from (2, 3)
    hi = np.full((16, 64), PAD_MAX, np.uint8)
    hi[:10, :40] = window
    lo = np.full((16, 64), PAD_MIN, np.uint8)
    lo[:10, :40] = window
    src.tofile(os.path.join(out_dir, "src.bin"))
    hi.tofile(os.path.join(out_dir, "hi.expect.bin"))
    lo.tofile(os.path.join(out_dir, "lo.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
