"""TROWEXPAND ui8 on A5: ND 32x32 source -> 32x64; dst[i, j] = src[i, 0]."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import trowexpand_case

CASE, generate = trowexpand_case("a5", 125, "ui8", 32, 32, 64)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
