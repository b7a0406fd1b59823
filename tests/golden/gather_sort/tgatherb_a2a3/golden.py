"""TGATHERB on a2a3: every element type, aligned and unaligned byte offsets."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tgatherb_case

CASE, generate = tgatherb_case("a2a3", 621)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
