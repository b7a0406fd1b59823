"""TADD TSUB TMUL TMAX TMIN on 32x16 (valid 24x16) i16 (a2a3, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "hi", "lo"]
CASE, generate = binary_case("a2a3", 103, "i16", (32, 16), (24, 16), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
