"""TSHLS TSHRS on 8x8 ui32 (a2a3, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "shl": 7,  # i32
    "shl_w": 32,  # i32
    "shr": 13,  # i32
    "shr_w": 40,  # i32
}

CASE, generate = scalar_case("a2a3", 306, "ui32", (8, 8), (8, 8), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
