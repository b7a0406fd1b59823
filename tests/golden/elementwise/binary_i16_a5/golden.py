"""TADD TSUB TMUL TDIV TMAX TMIN on 16x16 i16 (a5, DPS): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "quot", "hi", "lo"]
CASE, generate = binary_case("a5", 110, "i16", (16, 16), (16, 16), RESULTS, dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
