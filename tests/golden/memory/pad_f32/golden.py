"""TLOAD f32 with pad max/min: 12x11 valid of 16x16, the rest the NPU pad bits."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # Compared exactly, as unsigned 32-bit patterns.
    "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": "uint32"},
             {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint32"}],
}

# TLOAD fills with the NPU's pad bit patterns (pto-isa PadValueMap; docs/semantics.md).
# max is +inf, min is -inf
PAD_MAX = 0x7F800000
PAD_MIN = 0xFF800000


def generate(out_dir):
    rng = np.random.default_rng(181)
    src = rng.integers(0, 1 << 32, size=(16, 16), dtype=np.uint32)
    window = src[2:14, 3:14]          # the 12x11 valid region, loaded from (2, 3)
    hi = np.full((16, 16), PAD_MAX, np.uint32)
    hi[:12, :11] = window
    lo = np.full((16, 16), PAD_MIN, np.uint32)
    lo[:12, :11] = window
    src.tofile(os.path.join(out_dir, "src.bin"))
    hi.tofile(os.path.join(out_dir, "hi.expect.bin"))
    lo.tofile(os.path.join(out_dir, "lo.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
