"""TAND TOR TXOR TSHL TSHR TANDS TORS TXORS on 8x64 (valid 6x40) ui8 (a2a3, SSA)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("ui8", "a2a3", 602, "band bor bxor shl shr ands ors xors")

if __name__ == "__main__":
    generate(here(__file__))
