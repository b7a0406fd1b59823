"""TROWSUM of f32 and f16 rows in the a2a3 NPU's order (reference/npu_sums.py), the vcgadd
sequence of a 16x512 f32 tile into a column beside it: inputs whose sums differ between that
order, the exact sum rounded once (--arith exact) and a5's order."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_sums import row_sums
from reference.tiles import save, spread

SHAPES = {"a": (8, 40), "b": (8, 104), "c": (8, 200), "d": (8, 456)}
CASE = {
    "arch": "a2a3",
    "args": ["a.bin", "b.bin", "c.bin", "d.bin", "h.bin", "g.bin"],
    "outs": [{"target": f"r{n}", "expect": f"r{n}.expect.bin", "dtype": t}
             for n, t in [(n, "float32") for n in SHAPES] + [("h", "float16"), ("g", "float32"),
                                                             ("n", "float32")]],
}


def inputs(rng):
    x = {n: spread(rng, s, 3).astype(np.float32) for n, s in SHAPES.items()}
    for n, (_, cols) in SHAPES.items():
        x[n][0, :] = 1.0
        x[n][0, 0], x[n][0, cols - 1] = 2.0**25, -(2.0**25)   # the ones decide
    h = np.round(rng.uniform(-60, 60, (16, 320)) * 8) / 8
    h[0, :] = 0.25
    h[0, 0] = 1024.0
    x["h"] = h.astype(np.float16)
    g = spread(rng, (16, 512), 4).astype(np.float32)
    g[0, :] = 2.0**-22
    g[0, 0] = 1.0
    x["g"] = g
    return x


def exact(x):
    return np.array([r.astype(np.float64).sum() for r in x]).astype(x.dtype)


def generate(out_dir, seed=482):
    x = inputs(np.random.default_rng(seed))
    h = x["h"][:, :300]
    sums = {f"r{n}": row_sums(x[n], "a2a3") for n in SHAPES}
    sums["rh"] = row_sums(h, "a2a3")
    sums["rg"] = row_sums(x["g"], "a2a3", grouped=True)
    rn = np.zeros((16, 8), np.float32)
    rn[:, 0] = row_sums(x["g"], "a2a3")
    # Each order must show: rows that differ from the exact sum, from a5's order, and the
    # vcgadd sequence from the general one.
    for n in ("c", "d"):
        assert (sums[f"r{n}"] != exact(x[n])).any() and (sums[f"r{n}"] != row_sums(x[n], "a5")).any()
    assert (sums["rh"] != exact(h)).any()
    assert (sums["rg"] != rn[:, 0]).any()
    save(out_dir, {**{n: v for n, v in x.items()},
                   **{f"{n}.expect": v.reshape(-1, 1) for n, v in sums.items()},
                   "rn.expect": rn})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
