"""TCOLMAX 32x64 i8 on A5: column maxima (signed compare)."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "int8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(115)
    info = np.iinfo(np.int8)
    x = rng.integers(info.min, int(info.max) + 1, size=(32, 64), dtype=np.int64).astype(np.int8)
    x[:, 0] = info.min                 # all at the minimum
    x[:, 1] = info.max - 1
    x[-1, 1] = info.max                # the maximum in the last row
    x[:, 2] = info.min
    x[0, 2] = info.min + 1             # the maximum in the first row
    x[:, 3] = -1
    x[5, 3] = 0                        # signed order: 0 > -1
    dst = x.max(axis=0).reshape(1, 64)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
