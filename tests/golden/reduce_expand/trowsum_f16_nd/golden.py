"""TROWSUM 16x32 f16 on A5 into column 0 of an ND 16x16 tile: double sum, one f16 rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = (rng.integers(-512, 512, size=(16, 32)) / 128.0).astype(np.float16)
    x[0, :] = 1.0
    x[0, 0] = 2048.0        # f16 accumulation stalls at 2048; the exact 2079 rounds to 2080
    x[1, :] = 0.0
    x[1, :3] = [60000.0, 10000.0, -20000.0]   # an f16 partial sum would overflow to inf
    x[2, :] = 0.1           # 32 * f16(0.1) = 3.1992..., rounded once
    x[3, :16] = 65504.0     # the true sum overflows f16: +inf
    x[3, 16:] = 0.0
    return x


CASE, generate = reduce_case("a5", 102, "trowsum", "f16", (16, 32), inputs, dst=(16, 16))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
