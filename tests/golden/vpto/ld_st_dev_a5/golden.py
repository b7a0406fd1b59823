"""pto.ld_dev / pto.st_dev on i8 and i64 (a5): the first four elements reversed into the
destinations, the rest of each destination kept."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "out8.bin", "out64.bin"],
    "outs": [{"target": "3", "expect": "out8.expect.bin", "dtype": "int8"},
             {"target": "4", "expect": "out64.expect.bin", "dtype": "int64"}],
}


def generate(out_dir):
    a = np.array([-128, 127, -1, 5, 9, 9, 9, 9], dtype=np.int8)
    b = np.array([-(2**63), 2**63 - 1, -7, 0x123456789ABC, 1, 1, 1, 1], dtype=np.int64)
    out8 = np.full(8, 0x5A, dtype=np.int8)
    out64 = np.full(8, -3, dtype=np.int64)
    e8, e64 = out8.copy(), out64.copy()
    e8[:4] = a[3::-1]
    e64[:4] = b[3::-1]
    save(out_dir, {"a": a, "b": b, "out8": out8, "out64": out64, "out8.expect": e8,
                   "out64.expect": e64})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
