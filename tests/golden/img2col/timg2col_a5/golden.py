"""TIMG2COL on a5, every element type it allows there (i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32),
into nZ left tiles (blayout=col_major): asymmetric padding with pad values (integer ones that
wrap, floats rounded to the type), strides, dilations, non-zero pos_m / pos_k, partial valid
regions; the settings from a !pto.fmatrix_config (all three spellings of the set
instructions), from attributes, and from timg2col itself (auto mode, pad value 0).
tests/reference/img2col.py has the reference."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.img2col import GEOMETRIES, Unfold, img2col_case, kernel_text

ARCH = "a5"
UNFOLDS = [
    Unfold("i8_stride", "i8", "sync", "config", pad_value=-128, **GEOMETRIES["stride"]),
    Unfold("ui8_dilated", "ui8", "ssa", "attrs", fmap=(6, 5, 32), kernel=(2, 2),
           dilation=(2, 3), pads=(0, 1, 2, 1), pad_value=-1, pos=(3, 32),
           dst=(16, 96, 13, 90)),
    Unfold("i16_auto", "i16", "dps", "auto", fmap=(4, 4, 32), kernel=(3, 3), pads=(1, 1, 1, 1),
           pos=(0, 16), dst=(16, 128, 16, 120)),
    Unfold("ui16_config", "ui16", "sync", "config", fmap=(3, 7, 16), kernel=(3, 2),
           stride=(1, 2), pads=(2, 0, 0, 1), pad_value=65535, pos=(1, 0),
           dst=(16, 96, 11, 96)),
    Unfold("i32_attrs", "i32", "ssa", "attrs", fmap=(4, 3, 16), kernel=(2, 2), stride=(2, 2),
           dilation=(1, 1), pads=(1, 1, 1, 1), pad_value=-2147483648, pos=(0, 8),
           dst=(16, 64, 6, 56)),
    Unfold("ui32_config", "ui32", "dps", "config", fmap=(2, 8, 8), kernel=(1, 3),
           dilation=(1, 3), pads=(0, 0, 3, 0), pad_value=4294967295, pos=(2, 0),
           dst=(16, 24, 6, 24)),
    Unfold("f16_config", "f16", "ssa", "config", pad_value=0.1, **GEOMETRIES["dilated"]),
    Unfold("bf16_auto", "bf16", "sync", "auto", **GEOMETRIES["strided_2x3"]),
    Unfold("f32_attrs", "f32", "dps", "attrs", pad_value=-2.5, **GEOMETRIES["mixed"]),
    Unfold("f16_pointwise", "f16", "sync", "config", fmap=(5, 6, 16), kernel=(1, 1),
           stride=(2, 2), dst=(16, 16, 9, 16)),
]
CASE, generate = img2col_case(ARCH, 9105, UNFOLDS)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
