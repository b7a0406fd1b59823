"""e_ternary on a2a3: see tests/reference/ternary.py (shared with the other architecture)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from reference.ternary import ternary_case

CASE, generate = ternary_case("a2a3", HERE)

if __name__ == "__main__":
    generate(HERE)
