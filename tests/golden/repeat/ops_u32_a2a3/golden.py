"""Every repeat-layer instruction on u32 (a2a3) over four geometries: one contiguous run,
a partial contiguous mask, named mask words with source block stride 2 and repeat stride 16,
TIK's [hi, lo] list with destination block stride 3 and source repeat stride 4; then the first
instruction twice in place (dst = src, same strides)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.repeat import type_case

CASE, generate, write_kernel = type_case("u32", 1606)


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    generate(here)
    write_kernel(here)

