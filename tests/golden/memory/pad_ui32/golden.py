"""TLOAD ui32 with pad max/min: 5x10 valid of 8x16, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 176, "ui32", (8, 16), (5, 10))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
