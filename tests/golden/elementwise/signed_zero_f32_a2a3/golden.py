"""Signs of zero and underflow on 2x16 f32 (a2a3), compared bit for bit (as uint32)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.signed_zero import ALL_RESULTS, signed_zero_case

CASE, generate = signed_zero_case(None, "f32", ALL_RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
