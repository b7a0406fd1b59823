"""TADD TSUB TMAX TMIN on 32x32 ui8 (a5, sync): MIN/MAX operands that wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "hi", "lo"]
CASE, generate = binary_case("a5", 109, "ui8", (32, 32), (32, 32), RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
