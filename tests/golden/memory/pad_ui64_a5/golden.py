"""TLOAD ui64 on A5 with pad max/min: 6x4 valid of 8x8, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a5", 178, "ui64", (8, 8), (6, 4))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
