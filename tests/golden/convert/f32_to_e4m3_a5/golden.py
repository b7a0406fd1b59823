"""tcvt f32 -> fp8 e4m3fn on a5 over edge values (32x32): every midpoint between neighbouring codes
and next to it, overflow, infinities, NaN, zeros. fp8 e4m3fn: nearest even whatever rmode and
satmode (pto-isa's vcvt is ROUND_R and sets no saturation); past 464 NaN."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import encode_case

CASE, generate = encode_case("f32", "e4m3", [("y", None), ("floor_on", "FLOOR")], 32, 32, 6106)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
