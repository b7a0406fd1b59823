"""tinsert and tmov from L0C into a vec tile without a mode, on a cube core run apart (a5):
the product lands in vector core 0's UB, which stores it (see kernel.pto). a and b hold
small dyadic f16 values, so every product and partial sum is exact in f32."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "zeros:256", "zeros:256"],
    "outs": [
        {"target": "3", "expect": "c.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "4", "expect": "c.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(3611)
    a = (rng.integers(-8, 9, size=(16, 16)) / 4.0).astype(np.float16)
    b = (rng.integers(-8, 9, size=(16, 16)) / 8.0).astype(np.float16)
    c = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    c.tofile(os.path.join(out_dir, "c.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
