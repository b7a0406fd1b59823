"""A tileop helper's vector code on its tile parameters: 2 * x + 0.5, in f32."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "out", "expect": "out.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4242)
    x = rng.normal(0, 3, size=(16, 16)).astype(np.float32)
    out = (x * np.float32(2)).astype(np.float32) + np.float32(0.5)
    save(out_dir, {"x": x, "out.expect": out.astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
