"""TGATHER's compare form (PTOAS v0.60) on a2a3: per valid row, the indices offset + r * Cols + c
of the elements equal to (eq) or greater than (gt) k, packed; the counts per row in cdst. NaN
compares false, -0 equals 0; cmpMode eq and offset 0 when not written."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_forms import tgather_compare_case

# (source type, k, cmpMode or None, offset or None)
USES = [("f16", 0.0, None, None), ("f16", 1.0, "gt", 7), ("f32", -1.0, "gt", 0),
        ("f32", 2.0, "eq", 100), ("i32", -2, "eq", -5)]

CASE, generate = tgather_compare_case("a2a3", 645, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
