"""TCOLMAX 16x32 f32, valid 12x32: column maxima; a NaN in a column gives NaN."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import tcolmax_case

CASE, generate = tcolmax_case("a2a3", 111, "f32", (16, 32), valid_rows=12)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
