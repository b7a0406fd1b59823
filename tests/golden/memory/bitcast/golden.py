"""Same-size types copy bits: f32 -> i32 tile (wrapping column sums); f16 -> ui16 -> bf16."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import line_sums
from reference.tiles import save


CASE = {
    "args": ["x.bin", "zeros:16", "h.bin", "zeros:256"],
    "outs": [{"target": "2", "expect": "s.expect.bin", "dtype": "int32"},
             {"target": "bits", "expect": "x.bin", "dtype": "int32"},
             {"target": "4", "expect": "h.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(214)
    x = rng.normal(0, 1000, size=(16, 16)).astype(np.float32)
    x[0, :4] = [np.nan, -np.inf, -0.0, 1.0]
    s = line_sums(x.view(np.int32).T, "i32")
    h = rng.integers(0, 1 << 16, size=(16, 16), dtype=np.uint16)    # any f16 bit patterns
    save(out_dir, {"x": x, "s.expect": s, "h": h})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
