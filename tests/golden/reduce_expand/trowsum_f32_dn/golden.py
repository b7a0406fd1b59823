"""TROWSUM 16x64 f32 -> DN 16x1 with --arith exact: each row summed in double and rounded once
to f32 (the NPU's order: reduce_expand/trowsum_npu_*)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    # Multiples of 2^-16 below 2^8: every double partial sum is exact, so the order of
    # summation cannot matter and math.fsum gives the double result.
    x = np.round(rng.normal(0.0, 4.0, size=(16, 64)) * 65536) / 65536
    x = x.astype(np.float32)
    x[0, :] = 0.0
    x[0, :4] = [2.0**24, 1.0, -(2.0**24), 1.0]   # f32 accumulation would give 1, not 2
    x[1, :] = 0.0
    x[1, 0] = 1.0
    x[1, 1:] = 2.0**-24                           # 1 + 63*2^-24: rounds once, to 1 + 2^-18
    x[2, :] = 1e-3                                # 64 * f32(1e-3), rounded once
    return x


CASE, generate = reduce_case(None, 101, "trowsum", "f32", (16, 64), inputs,
                             names=("x", "y"), dps=True)

CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
