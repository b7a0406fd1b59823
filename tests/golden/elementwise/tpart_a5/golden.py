"""TPARTADD TPARTMUL TPARTMAX TPARTMIN on a5 (i8 ui8 i16 ui16 i32 ui32 f16 f32 bf16): op(a, b) where both sources are valid,
the valid one elsewhere; floats meet NaN, +-inf and inf - inf pairs, integers MIN/MAX (wrapping
add and mul); max and min let NaN win."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import tpart_case

# name, type, shape, destination valid shape, spelling ("dps" results are arguments)
CASES = [
    ("i8", "i8", (3, 64), (3, 50), "sync"),
    ("u8", "ui8", (2, 32), (2, 32), "ssa"),
    ("i16", "i16", (4, 32), (3, 30), "dps"),
    ("u16", "ui16", (3, 16), (3, 13), "sync"),
    ("i32", "i32", (3, 16), (3, 12), "ssa"),
    ("u32", "ui32", (2, 8), (2, 8), "dps"),
    ("f16", "f16", (5, 32), (4, 20), "sync"),
    ("f32", "f32", (4, 24), (4, 21), "ssa"),
    ("bf16", "bf16", (3, 32), (3, 17), "dps"),
]

CASE, generate = tpart_case("a5", 622, CASES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
