"""Tile-scalar ops on 16x32 f16 (a2a3, DPS): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a2a3", 302, "f16", (16, 32), (16, 32), dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
