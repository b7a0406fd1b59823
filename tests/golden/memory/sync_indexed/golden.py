"""Indexed tload/tstore on memrefs: rows 13..28 of sv -> out rows 8..23; sv[2:10, 16:48] -> out2."""
import os

import numpy as np

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
    sv.tofile(os.path.join(out_dir, "sv.bin"))
    out.tofile(os.path.join(out_dir, "out.expect.bin"))
    out2.tofile(os.path.join(out_dir, "out2.expect.bin"))
    sv[R:R + 16, :].tofile(os.path.join(out_dir, "t.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
