"""tcvt f16 -> HiFloat8 on a5 over edge values (32x32): every midpoint between neighbouring codes
and next to it, overflow, infinities, NaN, zeros. HiFloat8 from f16: as from f32 (ties away from
zero)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import encode_case

CASE, generate = encode_case("f16", "hif8", [("y", None), ("rint", "RINT")], 32, 32, 6109)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
