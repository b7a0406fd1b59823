"""TLOAD f32 with pad max/min: 12x11 valid of 16x16, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 181, "f32", (16, 16), (12, 11))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
