"""TCONCATIDX: per-row column counts from index tiles (pto-isa's TConcatIdx)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import kernel_args, save

HERE = os.path.dirname(os.path.abspath(__file__))

CASE = {
    "arch": "a5",
    "args": kernel_args(HERE, ("d", "a", "b", "n", "m")),
    "outs": [{"target": "d32", "expect": "d32.expect.bin", "dtype": "float32"},
             {"target": "d16", "expect": "d16.expect.bin", "dtype": "int16"}],
}


def concat(d, valid_cols, a, b, i0, i1):
    out = d.copy()
    size = i0.dtype.itemsize
    for r in range(d.shape[0]):
        n0 = min((int(i0[r, 0]) % 2**64) // size % 2**32, valid_cols)
        n1 = min((int(i1[r, 0]) % 2**64) // size % 2**32, valid_cols - n0)
        out[r, :n0 + n1] = np.concatenate([a[r, :n0], b[r, :n1]])
    return out


def generate(out_dir):
    rng = np.random.default_rng(4646)
    d32, a32, b32 = (rng.uniform(-9, 9, s).astype(np.float32) for s in ((4, 32), (4, 16), (4, 16)))
    n0, n1 = (rng.integers(0, 99, (4, 8)).astype(np.int32) for _ in range(2))
    n0[:, 0], n1[:, 0] = [64, 23, 0, 67], [64, 40, 64, 0]  # counts 16, 5, 0, 16 and 16, 10, 16, 0
    d16, a16, b16 = (rng.integers(-999, 999, (2, 32)).astype(np.int16) for _ in range(3))
    m0, m1 = (rng.integers(0, 99, (2, 16)).astype(np.int16) for _ in range(2))
    m0[:, 0], m1[:, 0] = [20, 17], [-2, 10]  # counts 10, 8 and all, 5
    save(out_dir, {
        "d32": d32, "a32": a32, "b32": b32, "n0": n0, "n1": n1,
        "d16": d16, "a16": a16, "b16": b16, "m0": m0, "m1": m1,
        "d32.expect": concat(d32, 32, a32, b32, n0, n1),
        "d16.expect": concat(d16, 24, a16, b16, m0, m1),
    })


if __name__ == "__main__":
    generate(HERE)
