"""TGATHER's compare form (PTOAS v0.60) on a5: i16 and i32 sources with gt too, an offset whose
indices pass 2^31 (they wrap as u32)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_forms import tgather_compare_case

# (source type, k, cmpMode or None, offset or None)
USES = [("i16", -1, "gt", 3), ("i16", 2, "eq", None), ("i32", 0, "gt", -40),
        ("f16", 3.0, "eq", 0), ("f32", 0.0, "gt", 2147483600)]

CASE, generate = tgather_compare_case("a5", 646, USES)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
