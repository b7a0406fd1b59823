"""e_mask on a2a3: see tests/reference/compare_select.py (shared with the other architecture)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from reference.compare_select import tcmps_tsel_case

CASE, generate = tcmps_tsel_case("a2a3", HERE)

if __name__ == "__main__":
    generate(HERE)
