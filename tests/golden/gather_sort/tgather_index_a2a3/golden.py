"""TGATHER index form on a2a3: every element type, index types ['i32', 'ui32']."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tgather_index_case

SRC, DST, VALID = (8, 16), (4, 32), (3, 32)
TYPES = [('i16', 'i32'), ('ui16', 'ui32'), ('i32', 'i32'), ('ui32', 'ui32'), ('f16', 'i32'),
         ('f32', 'i32')]

CASE, generate = tgather_index_case("a2a3", 601, SRC, DST, VALID, TYPES, tmp=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
