"""hif8 on a5: tload / tstore (a whole 8x32 tile and a 3x16 window at (4, 8)) and tmov keep every
byte unchanged: no instruction decodes hif8. Inputs: the 256 byte values in a seeded order."""
import os

import numpy as np

SEED = 4207
CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:256", "zeros:48"],
    "outs": [
        {"target": "2", "expect": "y.expect.bin", "dtype": "uint8"},
        {"target": "3", "expect": "w.expect.bin", "dtype": "uint8"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    x = rng.permutation(256).astype(np.uint8).reshape(8, 32)
    for name, arr in [("x", x), ("y.expect", x), ("w.expect", x[4:7, 8:24])]:
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
