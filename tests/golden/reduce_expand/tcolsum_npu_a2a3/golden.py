"""TCOLSUM in the a2a3 NPU's order (reference/npu_sums.py, col_sums), sequential and binary:
inputs whose sums differ between those orders, the exact sum rounded once (--arith exact) and
the other architecture's order."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_sums import col_sums
from reference.tiles import save, spread

ARCH = "a2a3"
OUTS = [("xs", "float32"), ("xb", "float32"), ("ys", "float32"), ("yb", "float32"),
        ("hs", "float16"), ("hb", "float16"), ("zb", "uint32")]  # bits: the sign of zero
CASE = {
    "arch": ARCH,
    "args": ["x.bin", "y.bin", "h.bin", "z.bin", "zeros", "zeros", "zeros", "zeros"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS],
}


def inputs(rng):
    x = spread(rng, (7, 64), 3).astype(np.float32)
    x[:, 0] = [2.0**24, 1.0, 1.0, -(2.0**24), 1.0, 1.0, 1.0]   # the ones decide
    y = spread(rng, (13, 32), 3).astype(np.float32)
    h = (np.round(rng.uniform(-100, 100, (10, 128)) * 16) / 16).astype(np.float16)
    z = np.full((1, 32), -0.0, np.float32)
    return x, y, h, z


def exact(x):
    return x.astype(np.float64).sum(axis=0).astype(x.dtype)


def generate(out_dir, seed=483):
    x, y, h, z = inputs(np.random.default_rng(seed))
    other = "a2a3" if ARCH == "a5" else "a5"
    sums = {}
    for name, src in (("x", x), ("y", y), ("h", h)):
        for suffix, binary in (("s", False), ("b", True)):
            s = col_sums(src, ARCH, binary)
            assert (s != exact(src)).any() or (s != col_sums(src, other, binary)).any()
            sums[name + suffix] = s
    sums["zb"] = col_sums(z, ARCH, True)
    save(out_dir, {"x": x, "y": y, "h": h, "z": z,
                   **{f"{n}.expect": v.reshape(1, -1) for n, v in sums.items()}})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
