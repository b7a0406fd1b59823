"""TCOLEXPANDMUL f16: a 32x64 * b[0, j] from a 1x64 ND b, dst valid 24x40; one rounding."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_case


def inputs(rng):
    a = rng.uniform(-8, 8, size=(32, 64)).astype(np.float16)
    b = rng.uniform(-8, 8, size=(1, 64)).astype(np.float16)
    b[0, 40:] = np.nan                        # columns outside the valid region
    b[0, :2] = [0.1, -0.0]
    return a, b


CASE, generate = expand_binary_case(None, 139, "tcolexpandmul", "f16", (32, 64), inputs,
                                    valid=(24, 40))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
