"""TLOAD bf16 on A5 with pad max/min: 7x28 valid of 16x32, the rest the NPU pad bits."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    # Compared exactly, as unsigned 16-bit patterns.
    "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": "uint16"},
             {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint16"}],
}

# TLOAD fills with the NPU's pad bit patterns (pto-isa PadValueMap; docs/semantics.md).
# max is +inf, min is -inf
PAD_MAX = 0x7F80
PAD_MIN = 0xFF80


def generate(out_dir):
    rng = np.random.default_rng(180)
    src = rng.integers(0, 1 << 16, size=(16, 32), dtype=np.uint16)
    window = src[2:9, 3:31]          # the 7x28 valid region, loaded from (2, 3)
    hi = np.full((16, 32), PAD_MAX, np.uint16)
    hi[:7, :28] = window
    lo = np.full((16, 32), PAD_MIN, np.uint16)
    lo[:7, :28] = window
    src.tofile(os.path.join(out_dir, "src.bin"))
    hi.tofile(os.path.join(out_dir, "hi.expect.bin"))
    lo.tofile(os.path.join(out_dir, "lo.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
