"""TGATHER mask-pattern form on a2a3: all seven patterns across every element type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import tgather_mask_case

SRC, VALID, DST = (6, 16), (5, 13), (8, 16)
TYPES = ['i16', 'ui16', 'i32', 'ui32', 'f16', 'bf16', 'f32']
# (element type, pattern, result name)
USES = [('i16', 'P0101', 'p0101_i16'), ('i16', 'P0010', 'p0010_i16'),
        ('ui16', 'P1010', 'p1010_ui16'), ('ui16', 'P0100', 'p0100_ui16'),
        ('i32', 'P0001', 'p0001_i32'), ('i32', 'P1000', 'p1000_i32'),
        ('ui32', 'P0010', 'p0010_ui32'), ('ui32', 'P1111', 'p1111_ui32'),
        ('f16', 'P0100', 'p0100_f16'), ('f16', 'P0101', 'p0101_f16'),
        ('bf16', 'P1000', 'p1000_bf16'), ('bf16', 'P1010', 'p1010_bf16'),
        ('f32', 'P1111', 'p1111_f32'), ('f32', 'P0001', 'p0001_f32')]

CASE, generate = tgather_mask_case("a2a3", 611, SRC, VALID, DST, TYPES, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
