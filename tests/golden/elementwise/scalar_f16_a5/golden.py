"""Tile-scalar ops on 8x32 f16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a5", 308, "f16", (8, 32), (8, 32))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
