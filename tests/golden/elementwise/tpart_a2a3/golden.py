"""TPARTADD TPARTMUL TPARTMAX TPARTMIN on a2a3: i16 i32 f16 f32 tiles."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import tpart_case

# The tiles of reference.elementwise.TPART_TILES the kernel tests, and their spellings.
SPELLINGS = {"i16": "sync", "i32": "ssa", "f16": "dps", "f32": "sync"}

CASE, generate = tpart_case("a2a3", 621, SPELLINGS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
