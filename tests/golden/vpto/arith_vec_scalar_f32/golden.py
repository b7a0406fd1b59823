"""vadds (all lanes), vmuls, vmaxs, vmins, vlrelu (lanes 0..39, the rest zero) with k = -2.5."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:320"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}
ACTIVE = 40
K, SLOPE = np.float32(-2.5), np.float32(0.25)


def generate(out_dir):
    rng = np.random.default_rng(706)
    x = rng.uniform(-10, 10, 64).astype(np.float32)
    x[:6] = [0.0, -0.0, np.inf, -np.inf, np.nan, -2.5]
    with np.errstate(all="ignore"):
        lrelu = np.where(x >= 0, x, x * SLOPE)
        out = np.stack([x + K, x * K, np.maximum(x, K), np.minimum(x, K), lrelu]).astype(np.float32)
    out[1:, ACTIVE:] = 0
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
