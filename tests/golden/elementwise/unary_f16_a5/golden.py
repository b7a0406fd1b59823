"""Unary ops on 8x64 f16 (a5, sync): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["abs", "neg", "exp", "log", "sqrt", "rsqrt", "recip", "relu"]
CASE, generate = unary_case("a5", 206, "f16", (8, 64), (8, 64), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
