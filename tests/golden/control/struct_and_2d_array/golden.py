"""A struct accumulating a scaled sum, a count and the last index; a 2-D local array read
transposed."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

N = 37
SCALE = 0.75  # exact in f16

CASE = {
    "args": ["x.bin", str(N), str(SCALE), "zeros:4", "zeros:24"],
    "outs": [{"target": "out", "expect": "out.expect.bin", "dtype": "float32"},
             {"target": "t", "expect": "t.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3701)
    x = rng.normal(0, 10, size=N).astype(np.float32)
    total = np.float32(0)
    for v in x:  # in order, each step rounded to f32 as the kernel's
        total = np.float32(total + np.float32(v * np.float32(SCALE)))
    out = np.array([total, N, SCALE, N - 1], dtype=np.float32)
    m = (np.arange(4)[:, None] * 10 + np.arange(6)[None, :]).astype(np.int32)
    save(out_dir, {"x": x, "out.expect": out, "t.expect": np.ascontiguousarray(m.T)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
