"""fp4 pairs on a5: tload / tstore (whole tile and a 5x20 window at (2, 8)) and tmov keep every
byte (two fp4 values) unchanged. Inputs: the 256 byte values in a seeded order, as 8x32."""
import os

import numpy as np

SEED = 4142
CASE = {
    "arch": "a5",
    "args": ["x2.bin", "x12.bin", "zeros:256", "zeros:100", "zeros:256"],
    "outs": [
        {"target": "3", "expect": "y2.expect.bin", "dtype": "uint8"},
        {"target": "4", "expect": "w2.expect.bin", "dtype": "uint8"},
        {"target": "5", "expect": "y12.expect.bin", "dtype": "uint8"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    x2 = rng.permutation(256).astype(np.uint8).reshape(8, 32)
    x12 = rng.permutation(256).astype(np.uint8).reshape(8, 32)
    for name, arr in [("x2", x2), ("x12", x12), ("y2.expect", x2),
                      ("w2.expect", x2[2:7, 8:28]), ("y12.expect", x12)]:
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
