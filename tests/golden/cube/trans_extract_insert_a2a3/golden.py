"""TTRANS, TEXTRACT and TINSERT on a2a3, every element type each allows there: ttrans between
ND vec tiles (non-square, partial valid region), textract from NZ / ZN / ND / DN mat tiles into NZ
left and ZN right tiles at box-aligned origins, tinsert from NZ acc (f32 -> f32/f16/bf16,
i32 -> i32) into NZ mat tiles; sync and DPS spellings (tests/reference/trans_extract_insert.py
has the rules)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.trans_extract_insert import Move, T, generate_case, make_case, storage

ELEMENT_TYPES = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32"]
FORMS = ("sync", "dps")


def moves():
    out = []
    for n, dt in enumerate(ELEMENT_TYPES):
        b = 32 // np.dtype(storage(dt)).itemsize   # elements per 32-byte block
        out.append(Move(f"trans_{dt}", "ttrans", dt, FORMS[n % 2],
                        T("vec", b, 2 * b, valid=(b - 1, 2 * b - 3)), T("vec", 2 * b, b)))
        cols = max(2 * b, 32)
        src = ("nz", "nd")[n % 2]
        out.append(Move(f"extract_left_{dt}", "textract", dt, FORMS[n % 2],
                        T("mat", 32, cols, src),
                        T("left", 16, cols // 2, "nz", valid=(15, cols // 2 - 1)),
                        origin=(16, cols // 2)))
        src = ("zn", "nz", "nd", "dn")[n % 4]
        out.append(Move(f"extract_right_{dt}", "textract", dt, FORMS[(n + 1) % 2],
                        T("mat", 64, cols, src), T("right", 32, cols // 2, "zn"),
                        origin=(32, 0)))
    acc = T("acc", 16, 16, "nz", valid=(12, 13))
    for n, (src_dt, dt) in enumerate((("f32", "f32"), ("f32", "f16"), ("f32", "bf16"),
                                      ("i32", "i32"))):
        out.append(Move(f"insert_{src_dt}_{dt}", "tinsert", dt, FORMS[n % 2], acc,
                        T("mat", 32, 32, "nz"), origin=(16, 16), src_dt=src_dt))
    return out


MOVES = moves()
CASE = make_case(MOVES, "a2a3")


def generate(out_dir):
    generate_case(out_dir, MOVES, 7301)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
