"""TROWEXPAND i16: DN 16x1 source -> 16x16, dst valid 12x16; dst[i, j] = src[i, 0]."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import trowexpand_case

CASE, generate = trowexpand_case("a2a3", 126, "i16", 16, 1, 16, valid=(12, 16))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
