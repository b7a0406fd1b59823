"""TSELS on a5: dst[i,j] = bit j of mask row i ? src[i,j] : k over the valid region (i8 ui8 i16 ui16 i32 ui32 f16 f32);
masks of random bytes, sources with edge values, extreme scalars converted to the tile type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.compare_select import tsels_case

# name, type, shape, valid shape, form ("dps"/"ptoas" outputs are arguments), scalar
CASES = [
    ("i8", "i8", (4, 64), (3, 50), "sync", -128),
    ("u8", "ui8", (2, 32), (2, 32), "ssa", -1),  # written as i8 255: all ones
    ("i16", "i16", (3, 48), (3, 40), "dps", -32768),
    ("u16", "ui16", (2, 16), (1, 9), "ptoas", -1),  # written as i16 65535
    ("i32", "i32", (5, 24), (4, 24), "ssa", 2147483647),
    ("u32", "ui32", (2, 8), (2, 7), "sync", 7),
    ("f16", "f16", (4, 32), (4, 30), "dps", -0.0),
    ("f32", "f32", (3, 16), (2, 13), "ptoas", 3.25),
]

CASE, generate = tsels_case("a5", 612, CASES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
