"""tmov / textract / tinsert out of acc with the fixpipe's controls, and the fp operand forms
(a5; kernel.pto says which output is which). The fixpipe's order: scale (a pre-quant scalar or
the fp tile's channel parameters), rounded once into the destination type, then ReLU. The
products are exact (small integers times powers of two)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

SCALE = np.float32(3 / 128)
NAMES = ["ai", "bi", "af", "bf", "fp", "pq", "r1", "r2", "r3", "r4", "r5", "r6"]
OUTS = {"r1": ("float32", 256), "r2": ("float16", 512), "r3": ("float32", 128),
        "r4": ("float16", 512), "r5": ("int8", 512), "r6": ("int8", 512)}

CASE = {
    "arch": "a5",
    "args": ["ai.bin", "bi.bin", "af.bin", "bf.bin", "fp.bin", str(int(SCALE.view(np.uint32)))] +
            [f"zeros:{n}" for _, n in OUTS.values()],
    "outs": [{"target": str(NAMES.index(k) + 1), "expect": f"{k}.expect.bin", "dtype": t}
             for k, (t, _) in OUTS.items()],
}


def channel_params(rng):
    """Per-channel ui64 words: an f32 scale in bits 0-31, a 9-bit signed offset in bits 37-45."""
    scales = (rng.integers(1, 16, 32) / 256).astype(np.float32)
    offsets = rng.integers(-40, 40, 32)
    words = scales.view(np.uint32).astype(np.uint64) | ((offsets % 512).astype(np.uint64) << 37)
    return words, scales.astype(np.float64), offsets


def quant_i8(x, scales, offsets):
    """round(x * scale) to nearest even, plus the offset, saturated to i8."""
    return np.clip(np.rint(x * scales) + offsets, -128, 127).astype(np.int8)


def generate(out_dir):
    rng = np.random.default_rng(4949)
    ai = rng.integers(-128, 128, size=(16, 32)).astype(np.int8)
    bi = rng.integers(-128, 128, size=(32, 32)).astype(np.int8)
    af = (rng.integers(-64, 64, size=(16, 16)) / 8).astype(np.float32)
    bf = (rng.integers(-64, 64, size=(16, 16)) / 4).astype(np.float32)
    fp, scales, offsets = channel_params(rng)
    acci = ai.astype(np.int64) @ bi.astype(np.int64)
    accf = af.astype(np.float64) @ bf.astype(np.float64)
    r4 = np.zeros((16, 32), np.float16)
    r4[:, 16:] = (accf * np.float64(SCALE)).astype(np.float16)
    q = quant_i8(acci, scales, offsets)
    save(out_dir, {"ai": ai, "bi": bi, "af": af, "bf": bf, "fp": fp,
                   "r1.expect": np.maximum(accf, 0).astype(np.float32),
                   "r2.expect": np.maximum((acci * np.float64(SCALE)).astype(np.float16),
                                           np.float16(0)),
                   "r3.expect": np.maximum(accf[4:12], 0).astype(np.float32),
                   "r4.expect": r4, "r5.expect": q, "r6.expect": q})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
