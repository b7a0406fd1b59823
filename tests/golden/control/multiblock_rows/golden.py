"""Row normalisation of a 64x128 f32 matrix, 8 row tiles split over 4 blocks (2 each)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.multiblock import multiblock_rows_case

# 64 rows: 8 row tiles, 2 a block; row 5 constant.
CASE, generate = multiblock_rows_case(6464, rows=64, blocks=4, constant_row=5, constant=1.25)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
