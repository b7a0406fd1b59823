"""TPREFETCH (bf16, ui8 on a5) writes nothing; TSYNC.OP does nothing; tload reads the data."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["in.bin", "bin.bin", "pre.bin"],
    "outs": [
        {"target": "p", "expect": "p.expect.bin", "dtype": "bfloat16"},
        {"target": "pb", "expect": "pb.expect.bin", "dtype": "uint8"},
        {"target": "pre", "expect": "pre.bin", "dtype": "uint8"},
        {"target": "x", "expect": "in.bin", "dtype": "bfloat16"},
        {"target": "b", "expect": "bin.bin", "dtype": "uint8"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(662)
    files = {
        "in": rng.integers(0, 1 << 16, size=(8, 32)).astype(np.uint16) & 0xBFFF,  # no NaNs
        "bin": rng.integers(0, 256, size=(4, 64)).astype(np.uint8),
        "pre": np.full((4, 64), 0xA5, dtype=np.uint8),
        "p.expect": np.zeros((8, 32), dtype=np.uint16),
        "pb.expect": np.zeros((4, 64), dtype=np.uint8),
    }
    for name, a in files.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
