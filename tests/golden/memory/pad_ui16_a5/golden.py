"""TLOAD ui16 on A5 with pad max/min: 13x5 valid of 16x32, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a5", 174, "ui16", (16, 32), (13, 5))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
