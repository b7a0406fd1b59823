"""TIMG2COL on a2a3, every element type it allows there (i8 f16 bf16 f32), into zZ left tiles
(blayout=row_major): asymmetric padding with a pad value, strides, dilations, non-zero
pos_m / pos_k, partial valid regions; the settings from a !pto.fmatrix_config (all three
spellings of the set instructions), from attributes, and from timg2col itself (auto mode, whose
pad value is 0 even after another pad value was set). tests/reference/img2col.py has the
reference."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.img2col import GEOMETRIES, Unfold, img2col_case, kernel_text

ARCH = "a2a3"
UNFOLDS = [
    Unfold("i8_stride", "i8", "ssa", "config", pad_value=-7, **GEOMETRIES["stride"]),
    Unfold("f16_dilated", "f16", "sync", "attrs", pad_value=1.5, **GEOMETRIES["dilated"]),
    Unfold("bf16_auto", "bf16", "dps", "auto", **GEOMETRIES["strided_2x3"]),
    Unfold("f32_mixed", "f32", "ssa", "config", pad_value=-1e+30, **GEOMETRIES["mixed"]),
    Unfold("f16_plain", "f16", "dps", "config", fmap=(4, 4, 16), kernel=(3, 3),
           pads=(1, 1, 1, 1), pad_value=-0.0, pos=(0, 0), dst=(16, 144, 16, 144)),
    Unfold("i8_pointwise", "i8", "ssa", "config", fmap=(3, 5, 32), kernel=(1, 1),
           dst=(16, 32, 15, 32)),
]
CASE, generate = img2col_case(ARCH, 9101, UNFOLDS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
