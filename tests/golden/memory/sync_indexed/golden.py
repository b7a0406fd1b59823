"""Indexed tload/tstore on memrefs: rows 13..28 of sv -> out rows 8..23; sv[2:10, 16:48] -> out2."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

R = 13
CASE = {
    "args": ["sv.bin", str(R), "zeros", "zeros"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"},
             {"target": "out2", "expect": "out2.expect.bin", "dtype": "float32"},
             {"target": "t", "expect": "t.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    r, c = np.meshgrid(np.arange(32), np.arange(64), indexing="ij")
    sv = (r * 1000 + c).astype(np.float32)       # sv[r, c] = 1000 r + c
    out = np.zeros((32, 64), np.float32)
    out[8:24, :] = sv[R:R + 16, :]
    out2 = np.zeros((8, 64), np.float32)
    out2[:, 32:] = sv[2:10, 16:48]
    save(out_dir, {"sv": sv, "out.expect": out, "out2.expect": out2, "t.expect": sv[R:R + 16, :]})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
