"""Dynamic valid 13x9 of a 16x32 f16 tile with pad=max: +inf around the loaded window."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import dynamic_valid_case


def inputs(rng):
    return rng.integers(0, 1 << 16, size=(16, 64), dtype=np.uint16)   # f16 bit patterns


# pad max: f16 +inf.
CASE, generate = dynamic_valid_case(204, (16, 64), inputs, valid=(13, 9), src=(1, 30), dst=(2, 0),
                                    tile=(16, 32), dtype="uint16", pad=0x7C00)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
