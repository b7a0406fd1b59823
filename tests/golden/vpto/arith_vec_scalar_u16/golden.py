"""vadds, vmuls (a signless i16 scalar), vshls by 3 and vshrs by 17 on ui16, lanes 0..99."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:512"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "uint16"}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(707)
    x = rng.integers(0, 65536, 128).astype(np.uint16)
    x[:3] = [0, 65535, 32768]
    x64 = x.astype(np.int64)
    out = np.stack([(x64 + 40000) & 0xFFFF, (x64 * 3) & 0xFFFF, (x64 << 3) & 0xFFFF,
                    np.zeros(128, np.int64)]).astype(np.uint16)
    out[:, ACTIVE:] = 0
    save(out_dir, {"x": x, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
