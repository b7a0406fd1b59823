"""vadd (all lanes) and vsub, vmul, vdiv, vmax, vmin (lanes 0..49, the rest zero) on f32."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "zeros:384"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"}],
}
ACTIVE = 50


def generate(out_dir):
    rng = np.random.default_rng(701)
    x = rng.uniform(-100, 100, 64).astype(np.float32)
    y = rng.uniform(-100, 100, 64).astype(np.float32)
    special = [(0.0, -0.0), (-0.0, -0.0), (np.inf, 1.0), (np.inf, -np.inf), (np.nan, 2.0),
               (3.0, np.nan), (3e38, 3e38), (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (1e-45, 0.5)]
    for i, (a, b) in enumerate(special):
        x[3 * i], y[3 * i] = a, b
    with np.errstate(all="ignore"):
        results = [x + y, x - y, x * y, x / y, np.maximum(x, y), np.minimum(x, y)]
    out = np.stack(results).astype(np.float32)
    out[1:, ACTIVE:] = 0
    save(out_dir, {"x": x, "y": y, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
