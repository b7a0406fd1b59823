"""vaddc, vsubc, vaddcs, vsubcs on ui32: results, then carries as 0/1, for lanes 0..47."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["a.bin", "b.bin", "one.bin", "zeros:512"],
    "outs": [{"target": "4", "expect": "out.expect.bin", "dtype": "uint32"}],
}
ACTIVE, CARRY_IN = 48, 20


def generate(out_dir):
    rng = np.random.default_rng(708)
    a = rng.integers(0, 1 << 32, 64, dtype=np.uint64)
    b = rng.integers(0, 1 << 32, 64, dtype=np.uint64)
    a[:8] = [0, 1, 0xFFFFFFFF, 0xFFFFFFFF, 5, 0x80000000, 7, 0]
    b[:8] = [0, 0xFFFFFFFF, 1, 0, 5, 0x80000000, 8, 0xFFFFFFFF]
    cin = (np.arange(64) < CARRY_IN).astype(np.uint64)
    mask32 = np.uint64(0xFFFFFFFF)
    rows = []
    for total, carry in [(a + b, (a + b) >> 32 != 0), (a - b, a >= b),
                         (a + b + cin, (a + b + cin) >> 32 != 0),
                         (a - b - (1 - cin), a >= b + (1 - cin))]:
        rows += [total & mask32, carry.astype(np.uint64)]
    out = np.stack(rows).astype(np.uint32)
    out[:, ACTIVE:] = 0
    save(out_dir, {"a": a.astype(np.uint32), "b": b.astype(np.uint32),
                   "one": np.ones(64, np.uint32), "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
