"""TSORT32 on a5: f16 and f32, ties, NaN, +-inf, a partial last block."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tsort32_case

CASE, generate = tsort32_case("a5", 652, "i32")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
