"""tsync on event parameters between tadd and tmul (8x16 f32): the events take no argument and
the results are (a + b) and (a + b) * b, each rounded to f32."""
import os

import numpy as np

SEED = 7311
CASE = {
    "args": ["a.bin", "b.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "float32"},
        {"target": "prod", "expect": "prod.expect.bin", "dtype": "float32"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a = rng.uniform(-4, 4, (8, 16)).astype(np.float32)
    b = rng.uniform(-4, 4, (8, 16)).astype(np.float32)
    a[0, :4] = [0.0, -0.0, np.inf, np.nan]
    b[0, :4] = [-0.0, -0.0, 1.0, 2.0]
    s = (a + b).astype(np.float32)
    p = (s * b).astype(np.float32)
    for name, arr in [("a", a), ("b", b), ("sum.expect", s), ("prod.expect", p)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
