"""TLOAD i32 with pad max/min: 9x7 valid of 16x16, the rest the NPU pad bits."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a2a3", 175, "i32", (16, 16), (9, 7))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
