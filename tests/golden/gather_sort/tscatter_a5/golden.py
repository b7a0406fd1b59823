"""TSCATTER on a5: every element type, repeated row indices."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tscatter_case

# (element type, index type)
TYPES = [('i8', 'i16'), ('ui8', 'ui16'), ('i16', 'i32'), ('ui16', 'ui32'), ('i32', 'i16'),
         ('ui32', 'ui16'), ('f16', 'i32'), ('bf16', 'ui32'), ('f32', 'i16')]

CASE, generate = tscatter_case("a5", 632, TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
