"""Tile-scalar ops on 8x32 f16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f32", 0.1),
    "subs": ("f32", 70000.0),
    "muls": ("f16", 3.0),
    "divs": ("f32", 1.0e-3),
    "rdivs": ("f16", -2.0),
    "maxs": ("f32", 1.0e-7),
    "mins": ("f16", -0.5),
    "fill": ("f32", 65519.0),
    "fill_inf": ("f32", 65520.0),
}

CASE, generate = scalar_case("a5", 308, "f16", (8, 32), (8, 32), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
