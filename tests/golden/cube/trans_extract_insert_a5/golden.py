"""TTRANS, TEXTRACT and TINSERT on a5, every element type each allows there: ttrans between
ND vec tiles (non-square, partial valid region); textract from NZ / ZN / ND / DN mat tiles into
NZ left and ZN right tiles and from ND vec tiles into NZ mat tiles (the MX byte types included;
PTOAS v0.60 has no vec to left path on a5); tinsert from NZ acc (f32 -> f32/f16/bf16, i32 -> i32) and from ND vec tiles into NZ
mat tiles; SSA, sync and DPS spellings, ttrans with and without its scratch tile
(tests/reference/trans_extract_insert.py has the rules)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.trans_extract_insert import (ELEMENT_TYPES, FORMS, MX_TYPES, Move, T,
                                            acc_insert_moves, block, extract_moves,
                                            trans_extract_insert_case)


def moves():
    out = []
    for n, dt in enumerate(ELEMENT_TYPES + MX_TYPES):
        b = block(dt)
        cols = max(2 * b, 32)
        if dt in ELEMENT_TYPES:
            out.append(Move(f"trans_{dt}", "ttrans", dt, ("ssa", "dps")[n % 2],
                            T("vec", 2 * b, b, valid=(2 * b - 3, b - 1)), T("vec", b, 2 * b),
                            tmp=n % 4 == 1))
        out += extract_moves(dt, n, ("nd", "nz")[n % 2], ("nz", "nd", "zn", "dn")[n % 4])
        out.append(Move(f"extract_vec_{dt}", "textract", dt, FORMS[n % 2],
                        T("vec", 24, cols), T("mat", 16, cols // 2, "nz", valid=(13, cols // 2)),
                        origin=(8, cols // 2)))
        if dt in ELEMENT_TYPES:
            out.append(Move(f"insert_vec_{dt}", "tinsert", dt, FORMS[(n + 1) % 2],
                            T("vec", 16, cols // 2, valid=(11, cols // 2 - 2)),
                            T("mat", 32, cols, "nz"), origin=(16, cols // 2)))
    return out + acc_insert_moves((14, 9), origin=(0, 16), first_form=1)


MOVES = moves()
CASE, generate = trans_extract_insert_case("a5", 7302, MOVES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
