"""TMRGSORT one-list form on a5: f16 and f32, ties across runs, NaN, +-inf."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tmrgsort_case

# (element type, columns, valid columns, blockLen)
SPECS = [('f32', 1024, 1024, 128), ('f16', 768, 512, 64)]

CASE, generate = tmrgsort_case("a5", 662, SPECS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
