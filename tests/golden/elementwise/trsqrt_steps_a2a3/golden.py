"""trsqrt on a2a3: with a tmp tile, the root rounded to f32 then 1 divided by it, rounded
again; without one, 1/sqrt rounded once (vrsqrt's own approximation is not public)."""
import os

import numpy as np

CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros"],
    "outs": [{"target": "steps", "expect": "steps.expect.bin", "dtype": "float32"},
             {"target": "once", "expect": "once.expect.bin", "dtype": "float32"}],
}


def generate(out_dir, seed=487):
    rng = np.random.default_rng(seed)
    x = (2.0 ** rng.uniform(-20, 20, (16, 64))).astype(np.float32)
    steps = (np.float32(1) / np.sqrt(x)).astype(np.float32)
    once = (1.0 / np.sqrt(x.astype(np.float64))).astype(np.float32)
    assert (steps != once).sum() > 10
    for name, a in {"x": x, "steps.expect": steps, "once.expect": once}.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
