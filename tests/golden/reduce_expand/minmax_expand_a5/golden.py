"""TROWMIN, TCOLMIN, TROWEXPANDMAX/MIN, TCOLEXPAND and TCOLEXPANDSUB/DIV/MAX/MIN/EXPDIF on a5,
every element type each allows there (tcolmin: all 8-32 bit integers and bf16), with NaN,
+-inf, -0.0 and integer extremes, partial valid regions, non-square tiles and the three
spellings (tests/reference/minmax_expand.py has the rules)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.minmax_expand import minmax_expand_case, ops

# The ops of reference.minmax_expand.TILES the kernel computes, and their spellings; then the
# tcolexpand ops, spelled in turn from FORMS[1].
SPELLINGS = {
    "rowmin_f32": "dps", "rowmin_f16": "sync", "colmin_i8": "dps", "colmin_i16": "ssa",
    "colmin_i32": "sync", "colmin_ui8": "ssa", "colmin_ui16": "dps", "colmin_ui32": "sync",
    "colmin_f16": "dps", "colmin_bf16": "sync", "colmin_f32": "ssa",
    "rowexpandmax_f32": "ssa", "rowexpandmax_f16": "dps", "rowexpandmin_f32": "sync",
    "rowexpandmin_f16": "ssa",
}

OPS = ops(SPELLINGS, first_form=1)
CASE, generate = minmax_expand_case("a5", 6602, OPS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
