"""2 x + 1 over 256 f32 (4 rows of 64 lanes), then the first 40 lanes of each row doubled in
place (a masked store leaves the other 24 as they were)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:256"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6062)
    x = rng.uniform(-20, 20, 256).astype(np.float32)
    out = (x * np.float32(2) + np.float32(1)).astype(np.float32).reshape(4, 64)
    out[:, :40] = out[:, :40] + out[:, :40]
    save(out_dir, {"x": x, "out.expect": out.reshape(256)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
