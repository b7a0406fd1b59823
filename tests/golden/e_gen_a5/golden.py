"""e_gen on a5: see tests/reference/fill.py (shared with the other architecture)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from reference.fill import tci_ttri_tfillpad_case

CASE, generate = tci_ttri_tfillpad_case("a5", HERE)

if __name__ == "__main__":
    generate(HERE)
