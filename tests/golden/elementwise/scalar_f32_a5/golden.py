"""Tile-scalar ops on 32x16 (valid 30x9) f32 (a5, SSA): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a5", 307, "f32", (32, 16), (30, 9))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
