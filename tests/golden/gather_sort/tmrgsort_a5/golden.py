"""TMRGSORT one-list form on a5: f16 and f32, ties across runs, NaN, +-inf; valid columns
past the last whole group (f32 640 with blockLen 64: two groups of 256 and 128 left alone)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tmrgsort_case

# (element type, columns, valid columns, blockLen)
SPECS = [('f32', 1024, 1024, 128), ('f16', 768, 512, 64), ('f32', 640, 640, 64, 'f32_tail')]

CASE, generate = tmrgsort_case("a5", 662, SPECS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
