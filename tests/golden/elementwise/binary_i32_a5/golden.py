"""TADD TSUB TMUL TDIV TMAX TMIN on 4x64 (valid 3x50) i32 (a5, SSA): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "quot", "hi", "lo"]
CASE, generate = binary_case("a5", 112, "i32", (4, 64), (3, 50), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
