"""TNEG TRELU on 8x32 i32 (a2a3, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["neg", "relu"]
CASE, generate = unary_case("a2a3", 204, "i32", (8, 32), (8, 32), RESULTS, dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
