"""Tile-scalar ops on 16x48 ui16 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a5", 313, "ui16", (16, 48), (16, 48))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
