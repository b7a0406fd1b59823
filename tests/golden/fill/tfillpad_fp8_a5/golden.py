"""tfillpad of fp8 e5m2 and hif8 tiles on a5: the 3x40 valid region is copied byte for byte and
every other byte of the 4x64 destination is 0 (pto-isa's pad byte for the one-byte float
formats, whatever the pad value)."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:256", "h.bin", "zeros:256"],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "uint8"},
             {"target": "g", "expect": "g.expect.bin", "dtype": "uint8"}],
}


def padded(src):
    out = np.zeros_like(src)
    out[:3, :40] = src[:3, :40]
    return out


def generate(out_dir):
    rng = np.random.default_rng(5208)
    x = rng.integers(1, 256, size=(4, 64), dtype=np.uint8)  # no zero byte: the pad shows
    h = rng.integers(1, 256, size=(4, 64), dtype=np.uint8)
    for name, data in (("x", x), ("h", h), ("y.expect", padded(x)), ("g.expect", padded(h))):
        data.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
