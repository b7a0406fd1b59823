"""tcvt f32 -> fp8 e5m2 on a5 over edge values (32x32): every midpoint between neighbouring codes
and next to it, overflow, infinities, NaN, zeros. fp8 e5m2: nearest even whatever rmode and
satmode; from 61440 infinity."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import encode_case

CASE, generate = encode_case("f32", "e5m2", [("y", None), ("ceil_on", "CEIL")], 32, 32, 6107)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
