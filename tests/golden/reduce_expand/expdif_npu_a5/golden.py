"""trowexpandexpdif and tcolexpandexpdif on a5: exp(a - b) with the difference rounded to
the tile type first (vsub, then vexp; a5's f32 is one fused vexpdif: the exact difference), the exponential rounded once
(reference/npu_arith.py expdif_case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_arith import expdif_case

CASE, generate = expdif_case("a5", 4713)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
