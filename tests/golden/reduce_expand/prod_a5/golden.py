"""TROWPROD and TCOLPROD on a5: products over the source's valid region, left to right (top
to bottom) in f32 for float tiles and rounded once to the tile type; integers wrap. Planted:
NaN, inf * 0, -0, +-inf, MAX * 2, MIN * -1; other elements from small sets so that products
stay finite but need rounding."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import PROD_COLS, PROD_ROWS, prod_case

CASE, generate = prod_case("a5", 632, PROD_ROWS, PROD_COLS + [
    ("bf16", "bf16", (6, 32), (6, 19), "sync"),
    ("u16", "ui16", (5, 16), (5, 16), "dps"),
    ("u32", "ui32", (7, 8), (6, 8), "ssa"),
])

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
