"""TAND TOR TXOR TNOT TSHL TSHR TANDS TORS TXORS TFMOD TFMODS on 6x32 (valid 5x27) i16
(a2a3, DPS)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import bit_case, here

CASE, generate = bit_case("i16", "a2a3", 603, (
    "band bor bxor bnot shl shr ands ors xors fmod fmods fmods_n"), dps=True)

if __name__ == "__main__":
    generate(here(__file__))
