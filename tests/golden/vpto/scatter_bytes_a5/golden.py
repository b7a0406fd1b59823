"""vscatter of bytes: dst[off[i]] = val[2 i] for requests 0..99 (distinct offsets), the other
destination bytes as they were."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["val.bin", "off.bin", "dst.bin"],
    "outs": [{"target": "3", "expect": "dst.expect.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6065)
    val = rng.integers(0, 256, 256).astype(np.uint8)
    off = rng.permutation(256)[:128].astype(np.uint16)  # distinct, some above 127
    dst = np.full(256, 0xEE, dtype=np.uint8)
    expect = dst.copy()
    for i in range(100):
        expect[off[i]] = val[2 * i]
    save(out_dir, {"val": val, "off": off, "dst": dst, "dst.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
