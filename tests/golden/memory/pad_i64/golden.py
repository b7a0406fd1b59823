"""TLOAD i64 with pad max/min: 10x3 valid of 16x8, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 177, "i64", (16, 8), (10, 3))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
