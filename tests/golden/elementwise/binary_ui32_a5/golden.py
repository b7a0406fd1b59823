"""TADD TSUB TMUL TDIV TMAX TMIN on 64x8 ui32 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "quot", "hi", "lo"]
CASE, generate = binary_case("a5", 113, "ui32", (64, 8), (64, 8), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
