"""tcvt fp4 e1m2 pairs -> bf16 on a5: every byte value (8x32, seeded order) decodes exactly;
compared bit for bit (element 2k from the low nibble)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import decode_case

CASE, generate = decode_case("f4e1m2", 6105)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
