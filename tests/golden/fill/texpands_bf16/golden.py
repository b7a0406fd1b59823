"""texpands on a bf16 tile's valid region: the f32 scalar rounded to bf16 (nearest even)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16

K = "1.00390625"  # halfway between two bf16 values: rounds to even (1.0)

CASE = {
    "args": ["x.bin", "zeros:512", K],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "bfloat16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(61)
    x = to_bf16(rng.uniform(-4, 4, size=(16, 32)).astype(np.float32))
    y = x.copy()
    y[:, :24] = to_bf16(np.array([float(K)], dtype=np.float32))[0]
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
