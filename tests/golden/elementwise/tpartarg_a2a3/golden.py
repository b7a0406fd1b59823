"""TPARTARGMAX / TPARTARGMIN on a2a3 (reference.partial_arg)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.partial_arg import partial_arg_case

CASE, generate = partial_arg_case("a2a3", os.path.dirname(os.path.abspath(__file__)), 4444)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
