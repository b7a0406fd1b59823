"""Padded TLOAD over prefilled UB: pad=zero and pad=min rewrite the whole aliased 16x32 block."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin"],
    # Read back through the full tiles that share the UB bytes, and through the padded ones.
    "outs": [{"target": "a", "expect": "b.expect.bin", "dtype": "float32"},
             {"target": "b", "expect": "b.expect.bin", "dtype": "float32"},
             {"target": "c", "expect": "d.expect.bin", "dtype": "float32"},
             {"target": "d", "expect": "d.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(205)
    x = rng.uniform(1, 100, size=(32, 64)).astype(np.float32)   # no zeros or infinities
    b = np.zeros((16, 32), np.float32)              # pad=zero
    b[:12, :20] = x[16:28, 32:52]
    d = np.full((16, 32), -np.inf, np.float32)      # pad=min: -inf for f32
    d[:5, :7] = x[1:6, 32:39]
    save(out_dir, {"x": x, "b.expect": b, "d.expect": d})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
