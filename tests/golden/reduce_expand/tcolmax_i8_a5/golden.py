"""TCOLMAX 32x64 i8 on A5: column maxima (signed compare)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import tcolmax_case

CASE, generate = tcolmax_case("a5", 115, "i8", (32, 64))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
