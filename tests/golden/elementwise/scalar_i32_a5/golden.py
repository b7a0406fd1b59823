"""Tile-scalar ops on 16x16 (valid 11x13) i32 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them (shift counts fit every type).
SCALARS = {
    "adds": 100,  # i32
    "subs": -7,  # i32
    "muls": 3,  # i32
    "divs": -3,  # i32
    "rdivs": -2147483648,  # i32
    "maxs": -5,  # i8
    "mins": 60000,  # ui16
    "shl": 7,  # i32
    "shl_w": 32,  # i32
    "shr": 13,  # i32
    "shr_w": 40,  # i32
    "fill": -2147483648,  # i32
}

CASE, generate = scalar_case("a5", 314, "i32", (16, 16), (11, 13), SCALARS, dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
