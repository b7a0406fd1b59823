"""TFMOD TFMODS on 6x32 (valid 5x27) f16 (a2a3, DPS)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.bitwise import here, rem_case

# PTOAS v0.60 has trem and trems on a2a3 for i32 and f32 only: tfmod and tfmods here.
CASE, generate = rem_case("f16", "a2a3", 701, dps=True, outs="fmod fmods fmods_n")

if __name__ == "__main__":
    generate(here(__file__))
