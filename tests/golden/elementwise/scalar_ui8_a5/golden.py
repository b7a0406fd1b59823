"""Tile-scalar ops on 4x64 (valid 4x50) ui8 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

CASE, generate = scalar_case("a5", 311, "ui8", (4, 64), (4, 50), dps=True, keep="input")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
