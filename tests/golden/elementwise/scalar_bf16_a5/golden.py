"""Tile-scalar ops on 16x32 (valid 9x21) bf16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a5", 309, "bf16", (16, 32), (9, 21))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
