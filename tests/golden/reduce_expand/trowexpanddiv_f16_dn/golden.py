"""TROWEXPANDDIV f16: a 16x32 / b[i, 0] from a 16x1 DN b; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.uniform(-16, 16, size=(16, 32)).astype(np.float16)
    b = rng.uniform(1, 16, size=(16, 1)).astype(np.float16)
    b[:4, 0] = [0.0, -0.0, 3.0, 7.0]          # division by zero; inexact thirds and sevenths
    a[0, 0] = 0.0                             # 0/0 = NaN
    b[5, 0] = 0.001
    a[5, :2] = [100.0, -100.0]                # 1e5 overflows to +-inf
    return a, b


CASE, generate = expand_binary_case(None, 136, "trowexpanddiv", "f16", (16, 32), inputs, tmp=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
