"""TFILLPAD_INPLACE and TFILLPAD_EXPAND on a5, every element type: the whole destination holds
the source's valid region and the destination's pad value elsewhere (zero; max: +inf or the
largest integer; min: -inf, the smallest integer, 0 for unsigned, -1 (0xff) for i8 as on the
NPU). Sources are random bits (NaN patterns included) everywhere, so nothing outside the valid
region may leak."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from group_b_ref import TYPES, save

ORDER = ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32"]
PAD_BITS = {  # (max, min) bit patterns
    "f32": (0x7F800000, 0xFF800000), "f16": (0x7C00, 0xFC00), "bf16": (0x7F80, 0xFF80),
    "i32": (0x7FFFFFFF, 0x80000000), "ui32": (0xFFFFFFFF, 0), "i16": (0x7FFF, 0x8000),
    "ui16": (0xFFFF, 0), "i8": (0x7F, 0xFF), "ui8": (0xFF, 0), "i64": (0, 0), "ui64": (0, 0),
}


def layout(k, t):
    """Shape, valid shape, source pad and destination pad of type t (the kernel's rule)."""
    size = np.dtype(TYPES[t][0]).itemsize
    c = 64 // size
    r = 3 + k % 3
    p = 1 if size == 8 else 1 + k % 3
    q = 1 if size == 8 else 1 + (k + 1) % 3
    return (r, c), (r - 1, c - 3), p, q


def _args():
    return [f"{x}_{t}.bin" for t in ORDER for x in ("s", "x")]


CASE = {
    "arch": "a5",
    "args": _args(),
    "outs": [{"target": f"{x}_{t}", "expect": f"{x}_{t}.expect.bin", "dtype": TYPES[t][1]}
             for t in ORDER for x in ("s", "e", "i")],
}


def padded(src, valid, shape, pad, t):
    """A tile of shape filled with pad (1 zero, 2 max, 3 min), src's valid region on top."""
    bits = 0 if pad == 1 else PAD_BITS[t][pad - 2]
    dt = np.dtype(TYPES[t][0])
    raw = np.array([bits], dtype=np.dtype(f"uint{dt.itemsize * 8}")).view(dt)[0]
    out = np.full(shape, raw, dtype=dt)
    out[: valid[0], : valid[1]] = src[: valid[0], : valid[1]]
    return out


def generate(out_dir):
    rng = np.random.default_rng(652)
    files = {}
    for k, t in enumerate(ORDER):
        shape, valid, p, q = layout(k, t)
        dt = np.dtype(TYPES[t][0])
        for x in ("s", "x"):
            bits = rng.integers(0, 256, size=shape[0] * shape[1] * dt.itemsize, dtype=np.int64)
            files[f"{x}_{t}"] = bits.astype(np.uint8).view(dt).reshape(shape)
        files[f"s_{t}.expect"] = padded(files[f"s_{t}"], valid, shape, p, t)
        files[f"e_{t}.expect"] = padded(files[f"x_{t}"], valid, (shape[0] + 2, 2 * shape[1]), q, t)
        files[f"i_{t}.expect"] = padded(files[f"x_{t}"], valid, shape, q, t)
    save(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
