"""tcvt bf16 -> fp4 e2m1 pairs on a5 over edge values (8x64 -> 8x32 bytes), once per rounding mode:
the NPU rounds by rmode (ODD and none as RINT) and saturates (fp4 has no infinity)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import encode_case

CASE, generate = encode_case("bf16", "f4e2m1", [("none", None), ("rint", "RINT"), ("round", "ROUND"), ("floor", "FLOOR"), ("ceil", "CEIL"), ("trunc", "TRUNC"), ("odd", "ODD")], 8, 64, 6110)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
