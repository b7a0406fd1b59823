"""Tile-scalar ops on 16x32 (valid 9x21) bf16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import scalar_case

# The scalars as the kernel declares them: name -> (type, value).
SCALARS = {
    "adds": ("f32", 0.1),
    "subs": ("f32", 3.4e38),
    "muls": ("bf16", 3.0),
    "maxs": ("f32", 1.0e-40),
    "mins": ("f32", -0.5),
}

CASE, generate = scalar_case("a5", 309, "bf16", (16, 32), (9, 21), SCALARS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
