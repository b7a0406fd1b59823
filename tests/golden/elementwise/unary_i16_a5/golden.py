"""TNEG on 8x16 (valid 8x9) i16 (a5, SSA): a MIN operand that wraps."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["neg"]
CASE, generate = unary_case("a5", 209, "i16", (8, 16), (8, 9), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
