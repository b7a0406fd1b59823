"""TSCATTER on a5: every element type, indices as wide as the data, repeated."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tscatter_case

# (element type, index type)
TYPES = [('i8', 'i16'), ('ui8', 'ui16'), ('i16', 'ui16'), ('ui16', 'i16'), ('i32', 'i32'),
         ('ui32', 'ui32'), ('f16', 'ui16'), ('bf16', 'i16'), ('f32', 'ui32')]

CASE, generate = tscatter_case("a5", 632, TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
