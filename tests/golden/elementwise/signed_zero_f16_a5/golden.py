"""Signs of zero and underflow on 2x16 f16 (a5), compared bit for bit (as uint16)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.signed_zero import ALL_RESULTS, signed_zero_case

CASE, generate = signed_zero_case("a5", "f16", ALL_RESULTS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
