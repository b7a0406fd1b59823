"""TMRGSORT multi-list form on a2a3: 4, 2 and 3 lists, exhausted on and off."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tmrgsort_lists_case

CASE, generate = tmrgsort_lists_case("a2a3", 672)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
