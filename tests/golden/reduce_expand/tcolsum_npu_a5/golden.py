"""TCOLSUM in the a5 NPU's order (reference/npu_sums.py, col_sums), sequential and binary:
inputs whose sums differ between those orders, the exact sum rounded once (--arith exact) and
the other architecture's order."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_sums import colsum_case

CASE, generate = colsum_case("a5", 483)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
