"""Tile-scalar ops on 4x64 (valid 4x50) ui8 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": 300,  # i32
    "subs": -300,  # i16
    "muls": 3,  # i32
    "divs": 3,  # i32
    "rdivs": 200,  # ui8
    "maxs": 1000,  # i32
    "mins": 100,  # ui8
    "shl": 3,  # i32
    "shl_w": 8,  # i32
    "shr": 5,  # i32
    "shr_w": 11,  # i32
    "fill": -1,  # i32
}

CASE, generate = scalar_case("a5", 311, "ui8", (4, 64), (4, 50), SCALARS, dps=True, keep="input")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
