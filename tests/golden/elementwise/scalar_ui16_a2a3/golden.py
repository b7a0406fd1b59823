"""TSHLS TSHRS on 16x16 ui16 (a2a3, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import SHIFT_OPS, scalar_case

CASE, generate = scalar_case("a2a3", 305, "ui16", (16, 16), (16, 16), SHIFT_OPS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
