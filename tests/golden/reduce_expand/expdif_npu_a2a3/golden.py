"""trowexpandexpdif and tcolexpandexpdif on a2a3: exp(a - b) with the difference rounded to
the tile type first (vsub, then vexp; a2a3 rounds the f32 difference too), the exponential rounded once
(reference/npu_arith.py expdif_case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_arith import expdif_case

CASE, generate = expdif_case("a2a3", 4713)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
