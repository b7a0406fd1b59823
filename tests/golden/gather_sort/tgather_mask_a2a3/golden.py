"""TGATHER mask-pattern form on a2a3: all seven patterns across every element type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tgather_mask_case

SRC, VALID, DST = (6, 16), (5, 13), (8, 16)
TYPES = ['i16', 'ui16', 'i32', 'ui32', 'f16', 'bf16', 'f32']

CASE, generate = tgather_mask_case("a2a3", 611, SRC, VALID, DST, TYPES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
