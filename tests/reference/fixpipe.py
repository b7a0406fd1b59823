"""The fixpipe epilogue of a cube -> vector pipe (acc_push_epilogue; docs/semantics.md "Cube and
vector cores"), written from its definition: y = x * scale, exact in float64 (one scale for
every channel, or channel j's for column j); an integer result rounds to nearest even and adds
the channel's offset; normal_relu takes max(y, 0); then the consumer's element type: integers
saturate (NaN gives 0), f16 and f32 round once to nearest even (beyond the range: an infinity),
bf16 likewise (bit patterns), fp8 e4m3 saturates.
"""

import numpy as np

from .numerics import to_bf16, to_e4m3


def epilogue(x, dtype, scale=None, offset=None, relu=False):
    """x: the accumulator's values (float64, rows x channels); dtype a numpy type, or "bf16"
    (bit patterns) or "e4m3" (bytes); scale None, a number or one per column; offset one int
    per column (integer results only)."""
    y = np.asarray(x, np.float64)
    if scale is not None:
        y = y * np.asarray(scale, np.float64)
    integer = dtype not in ("bf16", "e4m3") and np.dtype(dtype).kind in "iu"
    if integer and scale is not None:
        y = np.rint(y) + (0 if offset is None else np.asarray(offset, np.float64))
    if relu:
        y = np.where(np.isnan(y), 0.0, np.maximum(y, 0.0))
    if dtype == "bf16":
        return to_bf16(y.astype(np.float32))
    if dtype == "e4m3":
        return to_e4m3(y.astype(np.float32))
    if integer:
        info = np.iinfo(dtype)
        with np.errstate(invalid="ignore"):
            r = np.clip(np.rint(y), info.min, info.max)
        return np.where(np.isnan(y), 0, r).astype(dtype)
    with np.errstate(over="ignore"):
        return y.astype(dtype)


def param_words(scales, offsets):
    """set_quant_vector's 64-bit words: the f32 scale in bits 0-31, a 9-bit signed offset in
    bits 37-45."""
    bits = np.asarray(scales, np.float32).view(np.uint32).astype(np.uint64)
    off = np.asarray(offsets, np.int64).astype(np.uint64) & np.uint64(0x1FF)
    return bits | (off << np.uint64(37))
