"""TSHLS TSHRS on 8x8 ui32 (a2a3, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import SHIFT_OPS, scalar_case

CASE, generate = scalar_case("a2a3", 306, "ui32", (8, 8), (8, 8), SHIFT_OPS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
