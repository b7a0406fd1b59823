"""TCOLMAX 32x32 ui8 on A5: column maxima (unsigned compare)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import tcolmax_case

CASE, generate = tcolmax_case("a5", 116, "ui8", (32, 32))

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
