"""MGATHER / MSCATTER on a2a3: every element type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import mgather_mscatter_case

CASE, generate = mgather_mscatter_case("a2a3", 641)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
