"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS on 8x64 (valid 6x40) i8 (a5, synchronous form)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("i8", "a5", 607, "band bor bxor bnot shl shr ands ors xors")

if __name__ == "__main__":
    generate(here(__file__))
