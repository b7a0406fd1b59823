"""TADD TSUB TMUL TDIV TMAX TMIN on 8x64 f16 (a2a3, DPS): +-0, +-inf, NaN, subnormals, overflow."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import binary_case

RESULTS = ["sum", "diff", "prod", "quot", "hi", "lo"]
CASE, generate = binary_case("a2a3", 102, "f16", (8, 64), (8, 64), RESULTS, dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
