"""TCOLSUM 16x16 i16: column sums wrap (two's complement, modulo 2^16)."""
import os

import numpy as np

CASE = {
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(109)
    x = rng.integers(-32768, 32768, size=(16, 16)).astype(np.int16)
    x[:, 0] = 30000              # 480000 wraps to 480000 - 7*65536 = 21248
    x[:, 1] = -32768             # 16 * -32768 = -2^19 wraps to 0
    x[:, 2] = np.arange(16)      # 120, no wrap
    x[:, 3] = 0
    x[:2, 3] = [32767, 1]        # 32768 wraps to -32768
    s = x.astype(np.int64).sum(axis=0)
    dst = (((s + 32768) % 65536) - 32768).astype(np.int16).reshape(1, 16)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
