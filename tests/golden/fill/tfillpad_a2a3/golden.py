"""TFILLPAD_INPLACE and TFILLPAD_EXPAND on a2a3, every element type: the whole destination holds
the source's valid region and the destination's pad value elsewhere (zero; max: +inf or the
largest integer; min: -inf, the smallest integer, 0 for unsigned, -1 (0xff) for i8 as on the
NPU). Sources are random bits (NaN patterns included) everywhere, so nothing outside the valid
region may leak."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.fill import fillpad_case

CASE, generate = fillpad_case("a2a3", 651)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
