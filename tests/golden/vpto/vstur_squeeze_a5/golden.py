"""vstur / vstar with the squeeze count vsqz leaves and the address register AR (sprclr,
POST_UPDATE, NO_POST_UPDATE), a5."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["in.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(4471)
    x = rng.uniform(-50, 50, size=128).astype(np.float32)
    dst = np.full(128, 9.0, dtype=np.float32)
    expect = dst.copy()
    expect[1:17] = x[0:64:4]    # vsqz by every fourth lane: 16 lanes, 64 bytes; AR = 64
    expect[17:22] = x[64:69]    # the next 5 lanes at p + AR
    expect[67:70] = x[0:3]      # NO_POST_UPDATE after sprclr: at q, AR stays 0
    expect[96:99] = x[0:3]      # so this store goes to r + 0
    save(out_dir, {"in": x, "dst": dst, "dst.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
