"""TCOLSUM f32 over a 16x48 valid region with --arith exact: column sums in double, rounded
once to f32 (the NPU's orders: reduce_expand/tcolsum_npu_*)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = (np.round(rng.normal(0, 10, size=(16, 64)) * 4096) / 4096).astype(np.float32)
    x[:, 48:] = np.nan                    # invalid columns
    x[:, 0] = 0.0
    x[:4, 0] = [2.0**25, 3.0, -(2.0**25), 1.0]     # f32 accumulation loses the 3
    x[:, 1] = 0.0
    x[0, 1] = 1.0
    x[1:, 1] = 2.0**-24                   # 1 + 15*2^-24 rounds once to 1 + 2^-20 (ties to even)
    x[:, 2] = np.float32(0.1)
    x[:, 3] = np.float32(3.0e38)          # overflows to +inf once rounded to f32
    return x


CASE, generate = reduce_case(None, 106, "tcolsum", "f32", (16, 64), inputs, valid=(16, 48))
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
