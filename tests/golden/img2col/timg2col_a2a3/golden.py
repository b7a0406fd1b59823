"""TIMG2COL on a2a3, every element type it allows there (i8 f16 bf16 f32), into zZ left tiles
(blayout=row_major): asymmetric padding with a pad value, strides, dilations, non-zero
pos_m / pos_k, partial valid regions; the settings from a !pto.fmatrix_config (all three
spellings of the set instructions), from attributes, and from timg2col itself (auto mode, whose
pad value is 0 even after another pad value was set). tests/reference/img2col.py has the
reference."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.img2col import Unfold, generate_case, kernel_text, make_case

ARCH = "a2a3"
UNFOLDS = [
    Unfold("i8_stride", "i8", "ssa", "config", fmap=(5, 6, 64), kernel=(3, 3),
           stride=(2, 1), pads=(1, 1, 1, 0), pad_value=-7, pos=(0, 96),
           dst=(16, 256, 15, 250)),
    Unfold("f16_dilated", "f16", "sync", "attrs", fmap=(7, 7, 32), kernel=(3, 3),
           dilation=(2, 2), pads=(2, 2, 2, 2), pad_value=1.5, pos=(16, 0),
           dst=(32, 288, 30, 280)),
    Unfold("bf16_auto", "bf16", "dps", "auto", fmap=(4, 9, 16), kernel=(2, 3), stride=(2, 2),
           pads=(0, 1, 1, 1), dst=(16, 96, 10, 96)),
    Unfold("f32_mixed", "f32", "ssa", "config", fmap=(3, 5, 16), kernel=(1, 2), stride=(1, 3),
           dilation=(1, 2), pads=(1, 0, 0, 2), pad_value=-1e+30, pos=(0, 8),
           dst=(16, 32, 8, 24)),
    Unfold("f16_plain", "f16", "dps", "config", fmap=(4, 4, 16), kernel=(3, 3),
           pads=(1, 1, 1, 1), pad_value=-0.0, pos=(0, 0), dst=(16, 144, 16, 144)),
    Unfold("i8_pointwise", "i8", "ssa", "config", fmap=(3, 5, 32), kernel=(1, 1),
           dst=(16, 32, 15, 32)),
]
CASE = make_case(UNFOLDS, ARCH)


def generate(out_dir):
    generate_case(out_dir, UNFOLDS, 9101)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
