"""TLOAD f16 with pad max/min: 12x20 valid of 16x32, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 179, "f16", (16, 32), (12, 20))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
