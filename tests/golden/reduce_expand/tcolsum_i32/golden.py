"""TCOLSUM 16x32 i32 on A5: column sums wrap (two's complement, modulo 2^32)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = rng.integers(-2**31, 2**31, size=(16, 32), dtype=np.int64).astype(np.int32)
    x[:, 0] = 2**31 - 1          # 16 * (2^31 - 1) wraps to -16
    x[:, 1] = -2**31             # wraps to 0
    x[:, 2] = np.arange(-8, 8)   # -8, no wrap
    x[:, 3] = 0
    x[:2, 3] = [2**31 - 1, 1]    # wraps to -2^31
    return x


CASE, generate = reduce_case("a5", 110, "tcolsum", "i32", (16, 32), inputs, tmp=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
