"""vtrc on f32 by R, A, F, C, Z (lanes 0..39, the rest zero); vcvt f16 -> f32 of the even
elements (exact)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "h.bin", "zeros:384"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"}],
}
ACTIVE = 40


def generate(out_dir):
    rng = np.random.default_rng(711)
    x = (rng.integers(-60, 60, 64) / 8).astype(np.float32)
    x[:9] = [2.5, -2.5, -0.5, 0.5, -0.0, np.inf, np.nan, 1e20, -0.25]
    h = rng.uniform(-100, 100, 128).astype(np.float16)
    h[:6] = [np.inf, 1.0, np.nan, 2.0, -0.0, 3.0]
    ties_away = np.sign(x) * np.floor(np.abs(x) + np.float32(0.5))
    ties_away = np.where(x == 0, x, ties_away)  # keep the sign of zero
    rows = [np.rint(x), ties_away, np.floor(x), np.ceil(x), np.trunc(x)]
    for r in rows:
        r[ACTIVE:] = 0
    out = np.stack(rows + [h[0::2].astype(np.float32)]).astype(np.float32)
    save(out_dir, {"x": x, "h": h, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
