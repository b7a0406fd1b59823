"""Unary ops on 16x32 (valid 12x20) f16 (a2a3, SSA): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["abs", "neg", "exp", "log", "sqrt", "rsqrt", "recip", "relu"]
CASE, generate = unary_case("a2a3", 202, "f16", (16, 32), (12, 20), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
