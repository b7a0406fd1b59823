"""Tiles whose rows are not whole 32-byte blocks: tadd of 4x6 f32 and 3x10 i16 tiles (i16
wraps), trowsum of a 5x3 f16 tile (small integers: every sum is exact in f16)."""
import os

import numpy as np

CASE = {
    "args": ["a.bin", "b.bin", "c.bin"],
    "outs": [{"target": "sum_a", "expect": "sum_a.expect.bin", "dtype": "float32"},
             {"target": "sum_b", "expect": "sum_b.expect.bin", "dtype": "int16"},
             {"target": "rows_c", "expect": "rows_c.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(2063)
    a = (rng.integers(-1000, 1000, size=(4, 6)) / 8).astype(np.float32)
    b = rng.integers(-32768, 32768, size=(3, 10)).astype(np.int16)
    c = rng.integers(-50, 50, size=(5, 3)).astype(np.float16)
    out = {"sum_a": a + a,
           "sum_b": (b.astype(np.int64) * 2).astype(np.int16),
           "rows_c": c.astype(np.float64).sum(axis=1).astype(np.float16).reshape(5, 1)}
    for name, v in [("a", a), ("b", b), ("c", c)]:
        v.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, v in out.items():
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
