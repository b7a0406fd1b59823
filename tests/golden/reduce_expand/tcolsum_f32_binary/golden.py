"""TCOLSUM 32x32 f32 on A5, tmp + isBinary, with --arith exact: the same exact-then-round-once
column sums (the NPU's orders: reduce_expand/tcolsum_npu_*)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = (np.round(rng.uniform(-100, 100, size=(32, 32)) * 1024) / 1024).astype(np.float32)
    # Column 0: 2^24 followed by 31 ones. A sequential f32 sum stalls at 2^24; the exact sum
    # 2^24 + 31 rounds once (a tie) to 2^24 + 32.
    x[:, 0] = 1.0
    x[0, 0] = 2.0**24
    x[:, 1] = np.float32(1e-7)
    x[0, 1] = np.float32(1.0)
    x[:, 2] = -np.inf
    x[5, 2] = np.inf                    # -inf + inf = NaN
    x[:, 3] = 1.0
    x[9, 3] = np.nan
    return x


CASE, generate = reduce_case("a5", 107, "tcolsum", "f32", (32, 32), inputs,
                             names=("x", "y"), dps=True)
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
