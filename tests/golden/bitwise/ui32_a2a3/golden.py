"""TSHL TSHR on 6x16 (valid 5x11) ui32 (a2a3, DPS)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("ui32", "a2a3", 606, "shl shr", dps=True)

if __name__ == "__main__":
    generate(here(__file__))
