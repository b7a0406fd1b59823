"""TROWEXPAND i8: DN 32x1 source -> 32x32; dst[i, j] = src[i, 0]."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import trowexpand_case

CASE, generate = trowexpand_case("a2a3", 124, "i8", 32, 1, 32)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
