"""mte_gm_ub with nburst, loop and pad; vlds/vadd/vsts; mte_ub_gm with strided rows (a5)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    # dst is 16 rows of 48 floats, filled with 3.25 first: the 16 floats after each written row
    # of 32 must keep it.
    "args": ["src.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(1501)
    src = rng.uniform(-100, 100, size=(16, 40)).astype(np.float32)
    dst = np.full((16, 48), 3.25, dtype=np.float32)
    expect = dst.copy()
    expect[:, :25] = src[:, :25] * 2       # doubling an f32 is exact
    expect[:, 25:32] = np.float32(-15.0)   # the pad, doubled
    save(out_dir, {"src": src, "dst": dst, "dst.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
