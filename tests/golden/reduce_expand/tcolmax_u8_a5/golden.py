"""TCOLMAX 32x32 ui8 on A5: column maxima (unsigned compare)."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(116)
    info = np.iinfo(np.uint8)
    x = rng.integers(info.min, int(info.max) + 1, size=(32, 32), dtype=np.int64).astype(np.uint8)
    x[:, 0] = info.min                 # all at the minimum
    x[:, 1] = info.max - 1
    x[-1, 1] = info.max                # the maximum in the last row
    x[:, 2] = info.min
    x[0, 2] = info.min + 1             # the maximum in the first row
    half = 1 << (info.bits - 1)
    x[:, 3] = half - 1
    x[5, 3] = half                     # unsigned order: 0x80.. > 0x7f..
    dst = x.max(axis=0).reshape(1, 32)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
