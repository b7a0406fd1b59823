"""TCMPS and TSEL on a5, every element type each allows there: tcmps_tsel_case in
tests/reference/compare_select.py has the tables and the reference (shared with the a2a3 case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.compare_select import tcmps_tsel_case

HERE = os.path.dirname(os.path.abspath(__file__))
CASE, generate = tcmps_tsel_case("a5", HERE)

if __name__ == "__main__":
    generate(HERE)
