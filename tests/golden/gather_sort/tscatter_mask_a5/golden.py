"""TSCATTER's mask-pattern form (PTOAS v0.60) on a5; the axis also written as an attribute."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_forms import tscatter_mask_case

# (element type, pattern, axis)
USES = [("i8", "P0001", "col"), ("ui16", "P0101", "row"), ("i32", "P1010", "col"),
        ("f16", "P0100", "row"), ("bf16", "P1000", "col"), ("f32", "P0010", "row"),
        ("ui8", "P1111", "row")]

CASE, generate = tscatter_mask_case("a5", 644, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
