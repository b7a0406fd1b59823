"""TROWEXPAND on A5, all nine element types: dst[i, j] = src[i, 0], copied bit for bit."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import trowexpand_types_case

CASE, generate = trowexpand_types_case("a5", 231)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
