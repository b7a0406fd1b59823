"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS on 6x32 (valid 5x27) ui16 (a2a3, synchronous
form)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("ui16", "a2a3", 604, "band bor bxor bnot shl shr ands ors xors")

if __name__ == "__main__":
    generate(here(__file__))
