"""vci DESC and ASC from 100 on i32; vbitcast f32 -> i32 under a pbitcast b16 -> b32 mask."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:192"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(714)
    x = rng.uniform(-5, 5, 64).astype(np.float32)
    lanes = np.arange(64)
    kept = np.where(lanes < 10, x.view(np.int32), 0)  # 20 b16 lanes = 40 bytes = 10 b32 lanes
    out = np.stack([100 - lanes, kept, 100 + lanes]).astype(np.int32)
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
