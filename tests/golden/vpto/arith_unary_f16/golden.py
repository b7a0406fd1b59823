"""vabs, vexp, vln, vsqrt on f16 (lanes 0..99, the rest zero): computed in f32, rounded once."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:512"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float16", "ulp": 1}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(704)
    x = rng.uniform(-8, 12, 128).astype(np.float16)
    x[:6] = [0.0, -0.0, np.inf, np.nan, -1.0, 11.5]  # exp(11.5) overflows f16
    with np.errstate(all="ignore"):
        xd = x.astype(np.float64)
        results = [np.abs(xd), np.exp(xd), np.log(xd), np.sqrt(xd)]
        out = np.stack([r.astype(np.float32).astype(np.float16) for r in results])
    out[:, ACTIVE:] = 0
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
