"""TROWSUM of a 16x64 f32 tile with valid 12x40: rows 0..11 summed over columns 0..39."""
import math
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(103)
    x = (np.round(rng.uniform(-8, 8, size=(16, 64)) * 1024) / 1024).astype(np.float32)
    x[:, 40:] = 1e30        # outside the valid columns: would dominate every sum if read
    x[12:, :] = np.nan      # outside the valid rows
    dst = np.zeros((16, 1), np.float32)   # rows 12..15 are never written
    dst[:12, 0] = [np.float32(math.fsum(r[:40].astype(np.float64))) for r in x[:12]]
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
