"""TCOLEXPANDMUL f16: a 32x64 * b[0, j] from a 1x64 ND b, dst valid 24x40; one rounding."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(139)
    a = rng.uniform(-8, 8, size=(32, 64)).astype(np.float16)
    b = rng.uniform(-8, 8, size=(1, 64)).astype(np.float16)
    b[0, 40:] = np.nan                        # columns outside the valid region
    b[0, :2] = [0.1, -0.0]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exact = a.astype(np.float64) * b[:1, :].astype(np.float64)   # then rounded once
        dst = np.zeros((32, 64), np.float16)
        dst[:24, :40] = exact[:24, :40].astype(np.float16)
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
