"""TADD TSUB TMUL TMAX TMIN on 16x32 (valid 8x16) i32 (a2a3, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "hi", "lo"]
CASE, generate = binary_case("a2a3", 104, "i32", (16, 32), (8, 16), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
