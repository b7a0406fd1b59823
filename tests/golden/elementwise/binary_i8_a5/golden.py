"""TADD TSUB TMAX TMIN on 8x64 (valid 6x40) i8 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "hi", "lo"]
CASE, generate = binary_case("a5", 108, "i8", (8, 64), (6, 40), RESULTS, dps=True, keep="input")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
