"""TGATHER mask-pattern form on a5: all seven patterns across every element type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import ALL_TYPES, tgather_mask_case

SRC, VALID, DST = (4, 32), (3, 29), (4, 32)
# (element type, pattern, result name)
USES = [('i8', 'P0101', 'p0101_i8'), ('i8', 'P0010', 'p0010_i8'), ('ui8', 'P1010', 'p1010_ui8'),
        ('ui8', 'P0100', 'p0100_ui8'), ('i16', 'P0001', 'p0001_i16'), ('i16', 'P1000', 'p1000_i16'),
        ('ui16', 'P0010', 'p0010_ui16'), ('ui16', 'P1111', 'p1111_ui16'),
        ('i32', 'P0100', 'p0100_i32'), ('i32', 'P0101', 'p0101_i32'),
        ('ui32', 'P1000', 'p1000_ui32'), ('ui32', 'P1010', 'p1010_ui32'),
        ('f16', 'P1111', 'p1111_f16'), ('f16', 'P0001', 'p0001_f16'),
        ('bf16', 'P0101', 'p0101_bf16'), ('bf16', 'P0010', 'p0010_bf16'),
        ('f32', 'P1010', 'p1010_f32'), ('f32', 'P0100', 'p0100_f32')]

CASE, generate = tgather_mask_case("a5", 612, SRC, VALID, DST, ALL_TYPES, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
