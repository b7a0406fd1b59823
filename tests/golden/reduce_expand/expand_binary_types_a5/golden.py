"""Broadcast binaries on A5, f16 and f32: exact results rounded once to the tile type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.broadcasts import expand_binary_types_case

CASE, generate = expand_binary_types_case("a5", 241)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
