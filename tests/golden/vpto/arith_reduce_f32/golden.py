"""The VPTO reductions on f32 with lanes 0..44 active: sums in a tree of halves (in f32), the
first extremum and its index, per-32-byte-block results in lanes 0..7, pair sums."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:512"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}
ACTIVE = 45


def tree_sum(v):
    v = v.astype(np.float32).copy()
    while v.size > 1:
        v = (v[: v.size // 2] + v[v.size // 2:]).astype(np.float32)
    return v[0]


def extremum(v, fn):
    i = int(fn(v))
    return v[i], i


def generate(out_dir):
    rng = np.random.default_rng(712)
    x = rng.uniform(-50, 50, 64).astype(np.float32)
    x[[3, 17]] = 60.0   # a tied maximum: the first index wins
    x[50] = 100.0       # inactive: ignored by vcmax
    active = np.where(np.arange(64) < ACTIVE, x, np.float32(0))
    rows = np.zeros((8, 64), np.float32)
    rows[0, 0] = tree_sum(active)
    for r, fn in [(1, np.argmax), (2, np.argmin)]:
        value, index = extremum(x[:ACTIVE], fn)
        rows[r, 0] = value
        rows[r, 1:2] = np.array([index], np.uint32).view(np.float32)
    for g in range(8):
        block = x[8 * g: 8 * g + 8][np.arange(8 * g, 8 * g + 8) < ACTIVE]
        rows[3, g] = tree_sum(active[8 * g: 8 * g + 8])
        rows[4, g] = block.max() if block.size else -np.inf
        rows[5, g] = block.min() if block.size else np.inf
    rows[6, :32] = active[0::2] + active[1::2]
    rows[7, 0] = tree_sum(x)
    save(out_dir, {"x": x, "out.expect": rows})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
