"""TSCATTER's mask-pattern form (PTOAS v0.60) on a2a3: the destination zeroed, then each source
element put in the place the pattern picks of its group of columns ("row") or rows ("col");
P1111 moves the valid region and leaves the rest."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_forms import tscatter_mask_case

# (element type, pattern, axis)
USES = [("i8", "P0101", "row"), ("ui8", "P1000", "col"), ("i16", "P0010", "row"),
        ("f16", "P0001", "col"), ("bf16", "P1010", "row"), ("i32", "P0100", "col"),
        ("f32", "P1111", "row"), ("ui32", "P1111", "col")]

CASE, generate = tscatter_mask_case("a2a3", 643, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
