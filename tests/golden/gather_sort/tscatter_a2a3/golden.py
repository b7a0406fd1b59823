"""TSCATTER on a2a3: every element type, indices as wide as the data (i16 or ui16 for 1-byte
data), repeated."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tscatter_case

# (element type, index type)
TYPES = [('i8', 'ui16'), ('ui8', 'i16'), ('i16', 'i16'), ('ui16', 'ui16'), ('i32', 'ui32'),
         ('ui32', 'i32'), ('f16', 'i16'), ('bf16', 'ui16'), ('f32', 'i32')]

CASE, generate = tscatter_case("a2a3", 631, TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
