"""mte_gm_ub pad(value, left, right): element counts, then the 32-byte fill (a5)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["src.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4511)
    src = rng.uniform(-8, 8, size=(4, 6)).astype(np.float16)
    dst = np.full((4, 32), -4.0, dtype=np.float16)  # UB rows of 64 bytes
    expect = dst.copy()
    expect[:, 0:16] = np.float16(1.5)  # 3 left, then 6 data, 5 right, 2 to the 32-byte boundary
    expect[:, 3:9] = src
    save(out_dir, {"src": src, "dst": dst, "dst.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
