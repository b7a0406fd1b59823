"""TROWARGMAX TROWARGMIN TCOLARGMAX TCOLARGMIN on a2a3 (the rules: reference.reductions)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import argreduce_case

# Cases as reference.reductions.argreduce_case takes them.
CASES = [
    ("rmax_f32", "trowargmax", "f32", (8, 32), (7, 30), "i32", "dn", "sync"),
    ("rmin_f16", "trowargmin", "f16", (16, 32), (16, 19), "ui32", "nd", "ssa"),
    ("cmax_i32", "tcolargmax", "i32", (9, 16), (9, 16), "ui32", "row", "dps"),
    ("cmin_i16", "tcolargmin", "i16", (6, 32), (5, 24), "i32", "row", "sync"),
    ("cmax_f16", "tcolargmax", "f16", (7, 16), (7, 16), "i32", "row", "ssa"),
    ("cmin_f32", "tcolargmin", "f32", (10, 8), (9, 8), "ui32", "row", "dps"),
]

CASE, generate = argreduce_case("a2a3", 641, CASES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
