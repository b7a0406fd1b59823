"""Tile-scalar ops on 16x16 i16 (a2a3, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a2a3", 303, "i16", (16, 16), (16, 16))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
