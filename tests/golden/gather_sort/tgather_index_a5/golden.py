"""TGATHER index form on a5: every element type, index types ['i16', 'i32', 'ui16', 'ui32']."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tgather_index_case

SRC, DST, VALID = (6, 32), (5, 64), (4, 64)
TYPES = [('i16', 'i16'), ('ui16', 'ui16'), ('i32', 'i32'), ('ui32', 'ui32'), ('f16', 'i16'),
         ('f32', 'i32')]

CASE, generate = tgather_index_case("a5", 602, SRC, DST, VALID, TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
