"""Tile-scalar ops on 8x16 ui32 (a5, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": -1,  # i32
    "subs": 7,  # ui32
    "muls": 3,  # i32
    "divs": 3,  # i32
    "rdivs": 4000000000,  # ui32
    "maxs": -5,  # i8
    "mins": 100,  # ui16
    "shl": 7,  # i32
    "shl_w": 32,  # i32
    "shr": 13,  # i32
    "shr_w": 40,  # i32
    "fill": 4294967295,  # ui32
}

CASE, generate = scalar_case("a5", 315, "ui32", (8, 16), (8, 16), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
