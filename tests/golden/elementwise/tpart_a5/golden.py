"""TPARTADD TPARTMUL TPARTMAX TPARTMIN on a5: i8 ui8 i16 ui16 i32 ui32 f16 f32 bf16 tiles."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import tpart_case

# The tiles of reference.elementwise.TPART_TILES the kernel tests, and their spellings.
SPELLINGS = {
    "i8": "sync", "u8": "ssa", "i16": "dps", "u16": "sync", "i32": "ssa", "u32": "dps",
    "f16": "sync", "f32": "ssa", "bf16": "dps",
}

CASE, generate = tpart_case("a5", 622, SPELLINGS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
