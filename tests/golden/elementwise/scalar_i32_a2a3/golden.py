"""Tile-scalar ops on 8x32 (valid 5x27) i32 (a2a3, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a2a3", 304, "i32", (8, 32), (5, 27))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
