"""TSHLS TSHRS on 16x16 ui16 (a2a3, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "shl": 5,  # i32
    "shl_w": 16,  # i32
    "shr": 9,  # i32
    "shr_w": 20,  # i32
}

CASE, generate = scalar_case("a2a3", 305, "ui16", (16, 16), (16, 16), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
