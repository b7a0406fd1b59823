"""tcvt HiFloat8 -> f32 on a5: every byte value (8x32, seeded order) decodes exactly; compared bit
for bit (NaN codes: f32"s quiet NaN with the code"s sign)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convert import decode_case

CASE, generate = decode_case("hif8", 6103)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
