"""TLOAD ui8 with pad max/min: 10x40 valid of 16x64, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 172, "ui8", (16, 64), (10, 40))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
