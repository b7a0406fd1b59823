"""TCOLSUM 32x32 f16 (tmp, isBinary = false) with --arith exact: column sums in double, one
rounding to f16 (the NPU's orders: reduce_expand/tcolsum_npu_*)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = (rng.integers(-1024, 1024, size=(32, 32)) / 64.0).astype(np.float16)
    x[:, 0] = 1.0
    x[0, 0] = 1024.0          # 1024 + 31 = 1055 is exact in f16
    x[:, 1] = 1.0
    x[0, 1] = 4096.0          # 4096 + 31 rounds once to 4128 (ulp 4: 4127 -> 4128)
    x[:, 2] = np.float16(0.3)
    x[:, 3] = np.float16(-60000.0)   # overflows to -inf once rounded
    x[:, 4] = 0.0
    x[:3, 4] = [65504.0, 65504.0, -65504.0]   # intermediate beyond f16 range, final 65504
    return x


CASE, generate = reduce_case(None, 108, "tcolsum", "f16", (32, 32), inputs, tmp=True)
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
