"""TSELS on a2a3: dst[i,j] = bit j of mask row i ? src[i,j] : k over the valid region (f32, f16);
masks of random bytes, sources with edge values, extreme scalars converted to the tile type."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.compare_select import tsels_case

# name, type, shape, valid shape, form ("dps"/"ptoas" outputs are arguments), scalar
CASES = [
    ("f32", "f32", (4, 64), (3, 50), "sync", -1.5),
    ("f16", "f16", (6, 32), (5, 17), "ssa", 65519.0),  # rounds to 65504 in f16
    ("f32t", "f32", (2, 16), (2, 16), "ptoas", 0.0),
]

CASE, generate = tsels_case("a2a3", 611, CASES, extra_outs=[
    {"target": "d_lit", "expect": "d_f32.expect.bin", "dtype": "float32"},  # literal k
])

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
