"""The NPU's own sequences for single instructions where they differ from the exact result
(docs/semantics.md, "The NPU's arithmetic"), each step rounded to its type:

- rsqrt_steps: TRSQRT as vsqrt then 1 / root (a5 always, a2a3 with its tmp tile), the root
  rounded to the type before the division.
"""
import numpy as np


def rsqrt_steps(p32, narrow):
    """1 / sqrt(p) with the root rounded to the tile type (narrow: f32 values to the type's)
    before the division; p32: the tile's values as float32."""
    root = narrow(np.sqrt(p32)).astype(np.float32)
    return narrow(np.float32(1.0) / root)
