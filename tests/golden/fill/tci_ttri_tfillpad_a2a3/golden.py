"""TCI, TTRI and TFILLPAD on a2a3, every element type each allows: tci_ttri_tfillpad_case in
tests/reference/fill.py has the tables and the reference (shared with the a5 case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.fill import tci_ttri_tfillpad_case

HERE = os.path.dirname(os.path.abspath(__file__))
CASE, generate = tci_ttri_tfillpad_case("a2a3", HERE)

if __name__ == "__main__":
    generate(HERE)
