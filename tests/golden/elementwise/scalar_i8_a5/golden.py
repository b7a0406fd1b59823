"""Tile-scalar ops on 8x32 i8 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": 300,  # i32
    "subs": 250,  # ui8
    "muls": 3,  # i32
    "divs": -3,  # i32
    "rdivs": 1000,  # i32
    "maxs": -5,  # i8
    "mins": 7,  # i8
    "shl": 3,  # i32
    "shl_w": 8,  # i32
    "shr": 5,  # i32
    "shr_w": 11,  # i32
    "fill": 200,  # i32
}

CASE, generate = scalar_case("a5", 310, "i8", (8, 32), (8, 32), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
