"""trsqrt on a5: the root rounded to the type, then 1 divided by it, rounded again (numpy's
float32 and float16 sqrt and division are IEEE; float16's go through float32, which rounds
them exactly once more: innocuous, 24 >= 2 * 11 + 2). Inputs where that differs from 1/sqrt
rounded once are planted and counted."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["x.bin", "h.bin"],
    "outs": [{"target": "rx", "expect": "rx.expect.bin", "dtype": "float32"},
             {"target": "rh", "expect": "rh.expect.bin", "dtype": "float16"}],
}


def generate(out_dir, seed=486):
    rng = np.random.default_rng(seed)
    x = (2.0 ** rng.uniform(-20, 20, (16, 64))).astype(np.float32)
    x[0, :4] = [0.0, -0.0, np.inf, 4.0]
    h = (2.0 ** rng.uniform(-10, 10, (16, 64))).astype(np.float16)
    with np.errstate(divide="ignore"):   # 1 / +-0 is +-inf
        rx = (np.float32(1) / np.sqrt(x)).astype(np.float32)
        rh = (np.float16(1) / np.sqrt(h)).astype(np.float16)
        once = (1.0 / np.sqrt(x.astype(np.float64))).astype(np.float32)
    assert (rx != once).sum() > 10
    for name, a in {"x": x, "h": h, "rx.expect": rx, "rh.expect": rh}.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
