"""TROWEXPANDMUL f16 on A5: a 16x32 * b[i, 0] from a 16x1 DN b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.uniform(-16, 16, size=(16, 32)).astype(np.float16)
    b = rng.uniform(-16, 16, size=(16, 1)).astype(np.float16)
    b[:3, 0] = [0.0, 300.0, 2.0**-14]
    a[0, 0] = np.inf                          # inf * 0 = NaN
    a[1, :2] = [300.0, -300.0]                # 90000 overflows to +-inf
    a[2, :2] = [2.0**-10, 0.5]                # products in the subnormal range
    return a, b


CASE, generate = expand_binary_case("a5", 135, "trowexpandmul", "f16", (16, 32), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
