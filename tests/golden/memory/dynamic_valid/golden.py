"""Dynamic valid 11x20 of a 16x32 f32 tile: window (3, 5) of x -> tile -> (7, 2) of y."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import dynamic_valid_case


def inputs(rng):
    return rng.normal(0, 100, size=(32, 40)).astype(np.float32)


# pad null: UB outside the valid region stays zero.
CASE, generate = dynamic_valid_case(203, (32, 40), inputs, valid=(11, 20), src=(3, 5), dst=(7, 2),
                                    tile=(16, 32), dtype="float32")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
