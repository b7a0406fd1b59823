"""TCOLMAX 16x32 i16: column maxima (signed compare)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import tcolmax_case

CASE, generate = tcolmax_case("a2a3", 113, "i16", (16, 32))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
