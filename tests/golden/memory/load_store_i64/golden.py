"""TLOAD/TSTORE i64: an 8x8 window moved from (5, 3) to (1, 7), bit for bit."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import load_store_case

CASE, generate = load_store_case("a2a3", 157, "i64")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
