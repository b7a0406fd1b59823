"""The NPU's own sequences for single instructions where they differ from the exact result
(docs/semantics.md, "The NPU's arithmetic"), each step rounded to its type:

- int_div: a2a3's TDIVS on i32 and i16 goes through floats (pto-isa a2a3 TDivS.hpp): both
  operands to f32 (i16: f16), nearest; the float division; the quotient back toward zero,
  saturating.
- rsqrt_steps: TRSQRT as vsqrt then 1 / root (a5 always, a2a3 with its tmp tile), the root
  rounded to the type before the division.
"""
import numpy as np


def int_div(x, y, dt):
    """x / y for integer arrays (or scalars) of dt (int32 or int16) as a2a3's TDIVS does."""
    f = np.float32 if np.dtype(dt) == np.int32 else np.float16
    with np.errstate(all="ignore"):
        q = (np.asarray(x).astype(np.float64).astype(f).astype(np.float64) /
             np.asarray(y).astype(np.float64).astype(f).astype(np.float64)).astype(f)
    info = np.iinfo(dt)
    return np.clip(np.trunc(q.astype(np.float64)), info.min, info.max).astype(dt)


def rsqrt_steps(p32, narrow):
    """1 / sqrt(p) with the root rounded to the tile type (narrow: f32 values to the type's)
    before the division; p32: the tile's values as float32."""
    root = narrow(np.sqrt(p32)).astype(np.float32)
    return narrow(np.float32(1.0) / root)
