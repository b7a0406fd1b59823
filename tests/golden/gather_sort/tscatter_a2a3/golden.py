"""TSCATTER on a2a3: every element type, repeated row indices."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tscatter_case

# (element type, index type)
TYPES = [('i16', 'ui16'), ('i32', 'ui32'), ('f16', 'ui32'), ('f32', 'ui16')]

CASE, generate = tscatter_case("a2a3", 631, TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
