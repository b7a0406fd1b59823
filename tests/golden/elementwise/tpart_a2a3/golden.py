"""TPARTADD TPARTMUL TPARTMAX TPARTMIN on a2a3 (i16 i32 f16 f32): op(a, b) where both sources are valid,
the valid one elsewhere; floats meet NaN, +-inf and inf - inf pairs, integers MIN/MAX (wrapping
add and mul); max and min let NaN win."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import tpart_case

# name, type, shape, destination valid shape, spelling ("dps" results are arguments)
CASES = [
    ("i16", "i16", (4, 32), (3, 30), "sync"),
    ("i32", "i32", (3, 16), (3, 12), "ssa"),
    ("f16", "f16", (5, 32), (4, 20), "dps"),
    ("f32", "f32", (4, 24), (4, 21), "sync"),
]

CASE, generate = tpart_case("a2a3", 621, CASES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
