"""TROWPROD and TCOLPROD on a2a3: products over the source's valid region, left to right (top
to bottom) in f32 for float tiles and rounded once to the tile type; integers wrap. Planted:
NaN, inf * 0, -0, +-inf, MAX * 2, MIN * -1; other elements from small sets so that products
stay finite but need rounding."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import PROD_COLS, PROD_ROWS, prod_case

CASE, generate = prod_case("a2a3", 631, PROD_ROWS, PROD_COLS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
