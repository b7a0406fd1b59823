"""Collatz step counts of 1..64 through a loop of cf blocks, and n mod 7 + steps(n) from an
scf.execute_region (kernel.pto). Exact integers."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "entry": "cfg_kernel",
    "args": ["zeros:64", "zeros:64"],
    "outs": [{"target": "1", "expect": "steps.expect.bin", "dtype": "int32"},
             {"target": "2", "expect": "mixed.expect.bin", "dtype": "int32"}],
}


def steps(n):
    count = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        count += 1
    return count


def generate(out_dir):
    s = np.array([steps(n) for n in range(1, 65)], np.int32)
    mixed = np.array([n % 7 for n in range(1, 65)], np.int32) + s
    save(out_dir, {"steps.expect": s, "mixed.expect": mixed})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
