"""Tile-scalar ops on 16x48 ui16 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": -1,  # i8
    "subs": 7,  # ui16
    "muls": 3,  # i32
    "divs": 3,  # i32
    "rdivs": 60000,  # ui16
    "maxs": 1000,  # i32
    "mins": 100,  # ui16
    "shl": 5,  # i32
    "shl_w": 16,  # i32
    "shr": 9,  # i32
    "shr_w": 20,  # i32
    "fill": -2,  # i32
}

CASE, generate = scalar_case("a5", 313, "ui16", (16, 48), (16, 48), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
