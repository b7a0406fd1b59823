"""TGATHER mask-pattern form on a5: all seven patterns across every element type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import ALL_TYPES, tgather_mask_case

SRC, VALID, DST = (4, 32), (3, 29), (4, 32)

CASE, generate = tgather_mask_case("a5", 612, SRC, VALID, DST, ALL_TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
