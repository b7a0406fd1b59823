"""TTRANS, TEXTRACT and TINSERT on a2a3, every element type each allows there: ttrans between
ND vec tiles (non-square, partial valid region), textract from NZ / ZN / ND / DN mat tiles into NZ
left and ZN right tiles at box-aligned origins, tinsert from NZ acc (f32 -> f16/bf16: PTOAS v0.60
has no other a2a3 acc conversion) into NZ mat tiles; sync and DPS spellings (tests/reference/trans_extract_insert.py
has the rules)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.trans_extract_insert import (ELEMENT_TYPES, FORMS, Move, T, acc_insert_moves,
                                            block, extract_moves, trans_extract_insert_case)


def moves():
    out = []
    for n, dt in enumerate(ELEMENT_TYPES):
        b = block(dt)
        out.append(Move(f"trans_{dt}", "ttrans", dt, FORMS[n % 2],
                        T("vec", b, 2 * b, valid=(b - 1, 2 * b - 3)), T("vec", 2 * b, b)))
        out += extract_moves(dt, n, ("nz", "nd")[n % 2], ("zn", "nz", "nd", "dn")[n % 4])
    return out + acc_insert_moves((12, 13), origin=(16, 16), first_form=1,
                                  conversions=[("f32", "f16"), ("f32", "bf16")])


MOVES = moves()
CASE, generate = trans_extract_insert_case("a2a3", 7301, MOVES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
