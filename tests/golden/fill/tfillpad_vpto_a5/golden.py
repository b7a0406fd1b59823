"""TFILLPAD_INPLACE and TFILLPAD_EXPAND on a5 built for PTOAS's VPTO backend (ptoas
--pto-backend=vpto): the kernel of fill/tfillpad_a5, its templates' pad values (reference.fill:
floats pad with their largest finite values, i8 "min" with -128)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.fill import fillpad_case

CASE, generate = fillpad_case("a5", 653, backend="vpto", kernel="../tfillpad_a5/kernel.pto")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
