"""TADD TSUB TMUL TDIV TMAX TMIN on 8x32 ui16 (a5, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "quot", "hi", "lo"]
CASE, generate = binary_case("a5", 111, "ui16", (8, 32), (8, 32), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
