"""TLOAD i8 with pad max/min: 20x24 valid of 32x64, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 171, "i8", (32, 64), (20, 24))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
