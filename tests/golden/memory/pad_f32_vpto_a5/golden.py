"""TLOAD f32 with pad max/min built for PTOAS's VPTO backend (ptoas --pto-backend=vpto): the
kernel of memory/pad_f32, the rest of each tile its templates' pad bits (fill.pad_bits)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a5", 183, "f32", (16, 16), (12, 11), backend="vpto",
                          kernel="../pad_f32/kernel.pto")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
