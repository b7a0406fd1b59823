"""TGATHER's mask-pattern form along an axis (PTOAS v0.60) on a5: the 1-byte types (i8, ui8,
fp8, HiFloat8) too; the axis also written as an attribute ({axis = "col"})."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_forms import tgather_mask_axis_case

# (element type, pattern, axis)
USES = [("i8", "P0010", "row"), ("ui8", "P0101", "col"), ("f8E5M2", "P1000", "row"),
        ("f8E4M3FN", "P0001", "col"), ("hif8", "P1111", "row"), ("i16", "P0100", "col"),
        ("bf16", "P1010", "row"), ("i32", "P0101", "col"), ("f32", "P0010", "row")]

CASE, generate = tgather_mask_axis_case("a5", 642, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
