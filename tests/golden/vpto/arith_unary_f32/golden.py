"""vabs, vneg, vexp (all lanes) and vln, vsqrt, vrelu (lanes 0..39, the rest zero) on f32."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:384"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32", "ulp": 1}],
}
ACTIVE = 40


def generate(out_dir):
    rng = np.random.default_rng(703)
    x = rng.uniform(-20, 20, 64).astype(np.float32)
    x[:10] = [0.0, -0.0, np.inf, -np.inf, np.nan, 100.0, -110.0, 1e-40, -4.0, 1.0]
    with np.errstate(all="ignore"):
        xd = x.astype(np.float64)
        results = [np.abs(x), -x, np.exp(xd), np.log(xd), np.sqrt(xd), np.where(x > 0, x, 0)]
        results[5][np.isnan(x)] = np.nan
        out = np.stack([r.astype(np.float32) for r in results])
    out[3:, ACTIVE:] = 0
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
