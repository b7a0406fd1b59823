"""TCOLSUM 16x16 i16: column sums wrap (two's complement, modulo 2^16)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import reduce_case


def inputs(rng):
    x = rng.integers(-32768, 32768, size=(16, 16)).astype(np.int16)
    x[:, 0] = 30000              # 480000 wraps to 480000 - 7*65536 = 21248
    x[:, 1] = -32768             # 16 * -32768 = -2^19 wraps to 0
    x[:, 2] = np.arange(16)      # 120, no wrap
    x[:, 3] = 0
    x[:2, 3] = [32767, 1]        # 32768 wraps to -32768
    return x


CASE, generate = reduce_case(None, 109, "tcolsum", "i16", (16, 16), inputs)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
