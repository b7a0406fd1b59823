"""Tile-scalar ops on 16x16 f32 (a2a3, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f16", 0.1),
    "subs": ("f32", -2.5),
    "muls": ("f32", 3.0),
    "divs": ("f32", 0.3),
    "rdivs": ("f32", -2.0),
    "maxs": ("f32", 0.5),
    "mins": ("f32", -1.0e-40),
    "fill": ("f32", -0.1),
}

CASE, generate = scalar_case("a2a3", 301, "f32", (16, 16), (16, 16), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
