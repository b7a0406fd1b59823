"""Signs of zero and underflow on 2x16 bf16 (a5), compared bit for bit (as uint16)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.signed_zero import signed_zero_case

RESULTS = ["sum", "neg", "muls_m1", "muls_0", "adds_m0", "subs_0"]
CASE, generate = signed_zero_case("a5", "bf16", RESULTS, dps=True)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
