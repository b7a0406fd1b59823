"""TGATHER's mask-pattern form along an axis (PTOAS v0.60) on a2a3: "row" picks columns of
each row, "col" rows of each group of rows; every pattern, every element type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_forms import tgather_mask_axis_case

# (element type, pattern, axis)
USES = [("i16", "P0101", "row"), ("ui16", "P0010", "col"), ("i32", "P1000", "row"),
        ("ui32", "P0001", "col"), ("f16", "P1010", "col"), ("bf16", "P0100", "row"),
        ("f32", "P1111", "row"), ("f32", "P1111", "col")]

CASE, generate = tgather_mask_axis_case("a2a3", 641, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
