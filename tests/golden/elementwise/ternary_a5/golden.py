"""TADDC TSUBC TADDSC TSUBSC (i16 i32 f16 f32) and TPRELU TLRELU (f16 f32) on a5: ternary_case in
tests/reference/ternary.py has the tables and the reference (shared with the a2a3 case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.ternary import ternary_case

HERE = os.path.dirname(os.path.abspath(__file__))
CASE, generate = ternary_case("a5", HERE)

if __name__ == "__main__":
    generate(HERE)
