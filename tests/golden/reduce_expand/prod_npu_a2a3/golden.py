"""trowprod and tcolprod in the a2a3 NPU's order (reference/npu_sums.py, prod_case)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_sums import prod_case

CASE, generate = prod_case("a2a3", 492)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
