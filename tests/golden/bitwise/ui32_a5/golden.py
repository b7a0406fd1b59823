"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS TREM TFMOD TREMS TFMODS on 6x16 (valid 5x11) ui32
(a5, DPS)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("ui32", "a5", 612, (
    "band bor bxor bnot shl shr ands ors xors rem fmod rems fmods"), dps=True)

if __name__ == "__main__":
    generate(here(__file__))
