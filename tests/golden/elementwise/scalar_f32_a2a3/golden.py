"""Tile-scalar ops on 16x16 f32 (a2a3, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a2a3", 301, "f32", (16, 16), (16, 16))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
