"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS TREM TFMOD TREMS TFMODS on 6x32 (valid 5x27) ui16
(a5, synchronous form)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("ui16", "a5", 610, (
    "band bor bxor bnot shl shr ands ors xors rem fmod rems fmods"))

if __name__ == "__main__":
    generate(here(__file__))
