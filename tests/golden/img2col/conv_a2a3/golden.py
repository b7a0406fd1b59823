"""Convolution on a2a3 through TIMG2COL + TMATMUL: f16, 4x8 feature map of 32 channels (C1 = 2),
3x3 kernel, padding 1, 16 output channels, against a direct convolution
(tests/reference/convolution.py)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.convolution import conv_case

CASE, generate, write_kernel = conv_case(arch="a2a3", dtype=np.float16, acc=np.float32, shape=(4, 8, 32, 16),
                           kernel=(3, 3), stride=(1, 1), pads=(1, 1, 1, 1), seed=9201)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
    write_kernel(os.path.dirname(os.path.abspath(__file__)))
