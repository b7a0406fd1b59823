"""TFILLPAD_INPLACE and TFILLPAD_EXPAND on a5, every element type (the rules: reference.fill)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.fill import fillpad_case

CASE, generate = fillpad_case("a5", 652)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
