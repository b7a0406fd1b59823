"""In-place TMOV ND -> DN on aliased 16x16 f32 tiles (the ND alias reads x.T); shifted copy."""
import os

import numpy as np

CASE = {
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "uint32"},
             {"target": "dn", "expect": "x.bin", "dtype": "uint32"},
             {"target": "nd", "expect": "y.expect.bin", "dtype": "uint32"},
             {"target": "d", "expect": "x.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(212)
    x = rng.integers(0, 1 << 32, size=(16, 16), dtype=np.uint32)   # f32 bit patterns
    x.tofile(os.path.join(out_dir, "x.bin"))
    x.T.copy().tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
