"""TLOAD i64 with pad max/min: 10x3 valid of 16x8, the rest the NPU pad bits."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    # Compared exactly, as unsigned 64-bit patterns.
    "outs": [{"target": "hi", "expect": "hi.expect.bin", "dtype": "uint64"},
             {"target": "lo", "expect": "lo.expect.bin", "dtype": "uint64"}],
}

# TLOAD fills with the NPU's pad bit patterns (pto-isa PadValueMap; docs/semantics.md).
# The NPU pads 64-bit tiles with 0 whatever the pad mode.
PAD_MAX = 0
PAD_MIN = 0


def generate(out_dir):
    rng = np.random.default_rng(177)
    src = rng.integers(0, 1 << 64, size=(16, 8), dtype=np.uint64)
    window = src[2:12, 3:6]          # the 10x3 valid region, loaded from (2, 3)
    hi = np.full((16, 8), PAD_MAX, np.uint64)
    hi[:10, :3] = window
    lo = np.full((16, 8), PAD_MIN, np.uint64)
    lo[:10, :3] = window
    src.tofile(os.path.join(out_dir, "src.bin"))
    hi.tofile(os.path.join(out_dir, "hi.expect.bin"))
    lo.tofile(os.path.join(out_dir, "lo.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
