"""e_gen on a5: see tests/golden_e_gen.py (shared with the other architecture)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from golden_e_gen import make  # noqa: E402

CASE, generate = make("a5", HERE)

if __name__ == "__main__":
    generate(HERE)
