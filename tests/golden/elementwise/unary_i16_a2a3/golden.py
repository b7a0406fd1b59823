"""TNEG on 16x16 i16 (a2a3, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["neg"]
CASE, generate = unary_case("a2a3", 203, "i16", (16, 16), (16, 16), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
