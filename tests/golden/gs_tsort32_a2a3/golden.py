"""TSORT32 on a2a3: f16 and f32, ties, NaN, +-inf, a partial last block."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from gather_sort_ref import *  # noqa: E402,F403

def values(rng, n, dt):
    """Sort values as element bits: small integers (many ties, +0 and -0), +-inf, NaN."""
    ft = np.float16 if dt == "f16" else np.float32
    v = rng.integers(-4, 5, size=n).astype(ft)
    v[rng.random(n) < 0.15] = -0.0
    bits = v.view(np.uint16 if dt == "f16" else np.uint32).copy()
    specials = ([0x7E01, 0xFE00, 0x7C00, 0xFC00, 0x8000, 0x0000, 0x7BFF, 0x0001] if dt == "f16" else
                [0x7FC00123, 0xFFC00000, 0x7F800000, 0xFF800000, 0x80000000, 0, 0x7F7FFFFF, 1])
    pos = rng.choice(n, size=len(specials), replace=False)
    bits[pos] = specials
    return bits

SEED = 651
SRC, VALID = (4, 96), (3, 80)
IDX = "ui32"

CASE = {
    "arch": "a2a3",
    "args": [f for dt in ("f16", "f32") for f in (f"src_{dt}.bin", f"idx_{dt}.bin")],
    "outs": [{"target": f"r_{dt}", "expect": f"r_{dt}.expect.bin", "dtype": compare_type(dt)}
             for dt in ("f16", "f32")],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    files = {}
    for dt in ("f16", "f32"):
        src = values(rng, SRC[0] * SRC[1], dt).reshape(SRC)
        idx = rng.integers(0, 2**32, size=SRC, dtype=np.uint64).astype(np.uint32)
        idx.reshape(-1)[:2] = [0xFFFFFFFF, 0x80000001]
        idx = idx.view(np.int32) if IDX == "i32" else idx
        dst_shape = (SRC[0], SRC[1] * (4 if dt == "f16" else 2))
        files[f"src_{dt}.bin"] = src
        files[f"idx_{dt}.bin"] = idx
        files[f"r_{dt}.expect.bin"] = sort32(src, idx.view(np.uint32), *VALID, dst_shape)
    write(out_dir, files)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
