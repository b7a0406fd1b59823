"""TLOAD bf16 with pad max/min built for PTOAS's VPTO backend (ptoas --pto-backend=vpto): the
kernel of memory/pad_bf16_a5, the rest of each tile its templates' pad bits (fill.pad_bits)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import pad_case

CASE, generate = pad_case("a5", 184, "bf16", (16, 32), (7, 28), backend="vpto",
                          kernel="../pad_bf16_a5/kernel.pto")

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
