"""TROWARGMAX TROWARGMIN TCOLARGMAX TCOLARGMIN on a5 (the rules: reference.reductions)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import argreduce_case

# Cases as reference.reductions.argreduce_case takes them.
CASES = [
    ("rmax_f16", "trowargmax", "f16", (16, 48), (12, 40), "ui32", "dn", "dps"),
    ("rmin_f32", "trowargmin", "f32", (8, 16), (8, 16), "i32", "nd", "sync"),
    ("cmax_f32", "tcolargmax", "f32", (9, 24), (8, 20), "i32", "row", "ssa"),
    ("cmin_f16", "tcolargmin", "f16", (6, 32), (6, 32), "ui32", "row", "dps"),
    ("cmax_i16", "tcolargmax", "i16", (11, 16), (10, 16), "i32", "row", "sync"),
    ("cmin_i32", "tcolargmin", "i32", (7, 8), (7, 5), "ui32", "row", "ssa"),
]

CASE, generate = argreduce_case("a5", 642, CASES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
