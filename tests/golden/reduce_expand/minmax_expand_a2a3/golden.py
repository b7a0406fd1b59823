"""TROWMIN, TCOLMIN, TROWEXPANDMAX/MIN, TCOLEXPAND and TCOLEXPANDSUB/DIV/MAX/MIN/EXPDIF on a2a3,
every element type each allows there, with NaN, +-inf, -0.0 and integer extremes, partial valid
regions, non-square tiles and the three spellings (tests/reference/minmax_expand.py has the
rules)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.minmax_expand import minmax_expand_case, ops

# The ops of reference.minmax_expand.TILES the kernel computes, and their spellings; then the
# tcolexpand ops, spelled in turn from FORMS[0].
SPELLINGS = {
    "rowmin_f32": "sync", "rowmin_f16": "ssa", "colmin_i16": "sync", "colmin_i32": "dps",
    "colmin_f16": "ssa", "colmin_f32": "dps", "rowexpandmax_f32": "sync",
    "rowexpandmax_f16": "ssa", "rowexpandmin_f32": "dps", "rowexpandmin_f16": "sync",
}

OPS = ops(SPELLINGS, first_form=0)
CASE, generate = minmax_expand_case("a2a3", 6601, OPS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
