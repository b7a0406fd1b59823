"""TNEG TRELU on 16x8 (valid 10x5) i32 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["neg", "relu"]
CASE, generate = unary_case("a5", 210, "i32", (16, 8), (10, 5), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
