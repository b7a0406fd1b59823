"""TSHLS on 16x16 ui16 by 2: bits shifted out at the top are lost (mod 2^16)."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(2)
    x = rng.integers(0, 1 << 16, size=(16, 16), dtype=np.uint32).astype(np.uint16)
    x[0, :4] = [0, 1, 0x4000, 0xFFFF]
    x.tofile(os.path.join(out_dir, "src.bin"))
    ((x.astype(np.uint32) << 2) & 0xFFFF).astype(np.uint16).tofile(
        os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
