"""Convolution on a5 through TIMG2COL + TMATMUL: i8, 8x8 feature map of 32 channels, 3x3 kernel,
stride 2, padding 1, 32 output channels accumulated in i32, against a direct convolution
(tests/reference/convolution.py)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convolution import conv_case

CASE, generate, write_kernel = conv_case(arch="a5", dtype=np.int8, acc=np.int32, shape=(8, 8, 32, 32),
                           kernel=(3, 3), stride=(2, 2), pads=(1, 1, 1, 1), seed=9205)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
    write_kernel(os.path.dirname(os.path.abspath(__file__)))
