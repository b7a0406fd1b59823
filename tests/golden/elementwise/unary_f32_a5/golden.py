"""Unary ops on 32x16 (valid 20x12) f32 (a5, DPS): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import unary_case

RESULTS = ["abs", "neg", "exp", "log", "sqrt", "rsqrt", "recip", "relu"]
CASE, generate = unary_case("a5", 205, "f32", (32, 16), (20, 12), RESULTS, dps=True, keep="input")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
