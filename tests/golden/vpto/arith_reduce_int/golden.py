"""vcadd of 256 i8 lanes into an i16 sum; vcmax (value, index), vcgadd (wrapping) and vcgmin of
i16 lanes 0..99 (blocks of 16 lanes; a wholly inactive block gives the identity)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["b.bin", "s.bin", "zeros:512"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "int16"}],
}
ACTIVE = 100


def generate(out_dir):
    rng = np.random.default_rng(713)
    b = rng.integers(-128, 128, 256).astype(np.int8)
    s = rng.integers(-32768, 32768, 128).astype(np.int16)
    s[16:32] = 30000  # a block whose sum wraps
    out = np.zeros((4, 128), np.int64)
    out[0, 0] = b.astype(np.int64).sum()
    act = s[:ACTIVE].astype(np.int64)
    out[1, 0], out[1, 1] = act.max(), int(np.argmax(act))
    for g in range(8):
        block = act[16 * g: 16 * g + 16]
        out[2, g] = ((block.sum() + 2**15) % 2**16) - 2**15
        out[3, g] = block.min() if block.size else 32767
    save(out_dir, {"b": b, "s": s, "out.expect": out.astype(np.int16)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
