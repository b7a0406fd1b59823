"""TROWEXPAND i32 on A5: DN 8x1 source -> 8x16; dst[i, j] = src[i, 0]."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import trowexpand_case

CASE, generate = trowexpand_case("a5", 128, "i32", 8, 1, 16)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
