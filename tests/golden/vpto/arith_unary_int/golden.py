"""vabs, vneg (lanes 0..99, the rest zero) and vnot (all lanes) on i16; they wrap."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:384"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "int16"}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(705)
    x = rng.integers(-32768, 32768, 128).astype(np.int16)
    x[:4] = [-32768, 32767, -1, 0]
    x64 = x.astype(np.int64)
    wrap = lambda v: (v & 0xFFFF).astype(np.uint16).view(np.int16)
    out = np.stack([wrap(np.abs(x64)), wrap(-x64), ~x])
    out[:2, ACTIVE:] = 0
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
