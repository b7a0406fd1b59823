"""tstore {atomicType = atomic_add} from 8 blocks into one 16x32 window: f32, f16 and i32.

The outputs start from a non-zero base (the adds accumulate onto what is there). The f32 and f16
inputs are small integers, so each partial sum is exact and the result does not depend on the
order the blocks' adds land in; the i32 inputs are near 2^31, so their sum wraps (GM's integer
atomic add is modular: docs/semantics.md, "tstore").
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

BLOCKS, ROWS, COLS = 8, 16, 32

CASE = {
    "args": ["x.bin", "h.bin", "k.bin", "y.bin", "yh.bin", "yk.bin", "--blocks", str(BLOCKS)],
    "outs": [{"target": "4", "expect": "y.expect.bin", "dtype": "float32"},
             {"target": "5", "expect": "yh.expect.bin", "dtype": "float16"},
             {"target": "6", "expect": "yk.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3636)
    x = rng.integers(-1000, 1000, size=(BLOCKS * ROWS, COLS)).astype(np.float32)
    h = rng.integers(-200, 200, size=(BLOCKS * ROWS, COLS)).astype(np.float16)
    k = rng.integers(2**30, 2**31 - 1, size=(BLOCKS * ROWS, COLS), dtype=np.int64).astype(np.int32)
    y = rng.integers(-50, 50, size=(ROWS, COLS)).astype(np.float32)
    yh = rng.integers(-50, 50, size=(ROWS, COLS)).astype(np.float16)
    yk = rng.integers(-5, 5, size=(ROWS, COLS)).astype(np.int32)
    blocks = lambda a: a.reshape(BLOCKS, ROWS, COLS).astype(np.int64).sum(axis=0)
    y_exp = (y.astype(np.int64) + blocks(x)).astype(np.float32)
    yh_exp = (yh.astype(np.int64) + blocks(h)).astype(np.float16)  # |sum| < 2048: exact in f16
    wrapped = (yk.astype(np.int64) + blocks(k)) % 2**32
    yk_exp = np.where(wrapped >= 2**31, wrapped - 2**32, wrapped).astype(np.int32)
    assert np.all(np.abs(yh.astype(np.int64) + blocks(h)) < 2048)
    save(out_dir, {"x": x, "h": h, "k": k, "y": y, "yh": yh, "yk": yk,
                   "y.expect": y_exp, "yh.expect": yh_exp, "yk.expect": yk_exp})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
