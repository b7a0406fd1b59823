"""tcvt f32 -> HiFloat8 on a5 over edge values (32x32): every midpoint between neighbouring codes
and next to it, overflow, infinities, NaN, zeros. HiFloat8: nearest, ties away from zero,
whatever rmode and satmode (ROUND_A); from 40960 infinity; one zero."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import encode_case

CASE, generate = encode_case("f32", "hif8", [("y", None), ("trunc_on", "TRUNC")], 32, 32, 6108)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
