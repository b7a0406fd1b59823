"""TROWEXPAND f32: DN 16x1 source -> 16x32; dst[i, j] = src[i, 0]."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import trowexpand_case

CASE, generate = trowexpand_case("a2a3", 121, "f32", 16, 1, 32)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
