"""Tile-scalar ops on 16x16 (valid 11x13) i32 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a5", 314, "i32", (16, 16), (11, 13), dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
