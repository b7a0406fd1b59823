"""vabs, vexp, vln, vsqrt on f16 (lanes 0..99, the rest zero): each rounded once to f16 from
the exact value (float64 here). Lanes 6 to 8 hold the f16 inputs whose exp (two) and log (one)
would round twice through f32, onto the wrong side of an f16 midpoint."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:512"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float16"}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(704)
    x = rng.uniform(-8, 12, 128).astype(np.float16)
    x[:6] = [0.0, -0.0, np.inf, np.nan, -1.0, 11.5]  # exp(11.5) overflows f16
    x[6:9] = np.array([0x1F79, 0x25CF, 0x1D78], np.uint16).view(np.float16)
    with np.errstate(all="ignore"):
        xd = x.astype(np.float64)
        results = [np.abs(xd), np.exp(xd), np.log(xd), np.sqrt(xd)]
        out = np.stack([r.astype(np.float16) for r in results])
        twice = np.stack([r.astype(np.float32).astype(np.float16) for r in results])
    assert (out.view(np.uint16) != twice.view(np.uint16)).sum() == 3
    out[:, ACTIVE:] = 0
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
