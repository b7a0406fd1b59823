"""The a2a3 UB layer (pto.ub.*) on f32 and i16, checked against numpy: see kernel.pto."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "zeros:1024", "h.bin", "zeros:512"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"},
             {"target": "5", "expect": "hout.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6063)
    x = rng.uniform(-10, 10, 256).astype(np.float32)
    y = rng.uniform(-10, 10, 256).astype(np.float32)
    h = rng.integers(-3000, 3000, 256).astype(np.int16)
    added = x + y
    scaled = x * np.float32(2.5)
    relu = np.full(256, 7.0, np.float32).reshape(4, 64)
    relu[:, :16] = np.maximum(added.reshape(4, 64)[:, :16], np.float32(0))
    diff = np.full(256, -1.0, np.float32)
    diff[:100] = (x - y)[:100]
    out = np.concatenate([added, scaled, relu.reshape(256), diff]).astype(np.float32)
    hout = np.concatenate([(h << 3).astype(np.int16), (h >> 2).astype(np.int16)])
    save(out_dir, {"x": x, "y": y, "h": h, "out.expect": out, "hout.expect": hout})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
