"""Row normalisation of a 56x128 f32 matrix, 7 row tiles split unevenly over 3 blocks (3, 3, 1)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.multiblock import multiblock_rows_case

# 56 rows: 7 row tiles over 3 blocks (3, 3, 1); a constant row in the last block's only tile.
CASE, generate = multiblock_rows_case(5603, rows=56, blocks=3, constant_row=55, constant=-0.5)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
