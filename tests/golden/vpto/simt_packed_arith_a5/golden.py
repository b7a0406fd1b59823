"""arith on packed SIMT pairs (a5): element by element, integers wrapping, floats rounded once
to the element type (docs/semantics.md "### simt", packed pairs)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["h.bin", "w.bin", "b.bin", "f.bin", "g.bin", "s.bin", "zeros:4"],
    "outs": [{"target": "1", "expect": "h.expect.bin", "dtype": "int16"},
             {"target": "2", "expect": "w.expect.bin", "dtype": "int32"},
             {"target": "3", "expect": "b.expect.bin", "dtype": "int8"},
             {"target": "4", "expect": "f.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0},
             {"target": "5", "expect": "g.expect.bin", "dtype": "bfloat16", "ulp": 0},
             {"target": "6", "expect": "s.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "7", "expect": "bits.expect.bin", "dtype": "int16"}],
}


def bf16(x):
    """float32 values rounded to bf16 (nearest even), as uint16 bits."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def generate(out_dir):
    rng = np.random.default_rng(1717)
    h = rng.integers(-2**15, 2**15, 16).astype(np.int16)
    h[0] = 2**15 - 2  # + 3 wraps
    w = rng.integers(-2**31, 2**31, 16, dtype=np.int64).astype(np.int32)
    b = rng.integers(-128, 128, 16).astype(np.int8)
    f = rng.uniform(-4, 4, 16).astype(np.float16)
    g = bf16(rng.uniform(-4, 4, 16))
    s = rng.uniform(-4, 4, 16).astype(np.float32)
    eh, ew, eb, ef, eg, es = h.copy(), w.copy(), b.copy(), f.copy(), g.copy(), s.copy()
    eh[8:] = (h[:8].astype(np.int64) + np.tile([3, -2], 4)).astype(np.int16)
    ew[8:] = (w[:8].astype(np.int64) - w[8:]).astype(np.int32)
    eb[8:] = (b[:8].astype(np.int64) * b[:8]).astype(np.int8)
    ef[8:] = (f[:8].astype(np.float64) + f[8:]).astype(np.float16)
    eg[8:] = bf16(bf16_value(g[:8]).astype(np.float64) - bf16_value(g[8:]))
    es[8:] = (s[:8].astype(np.float64) * s[8:]).astype(np.float32)
    bits = ((np.arange(4) + 1) * 0.5).astype(np.float16).view(np.int16)
    save(out_dir, {"h": h, "w": w, "b": b, "f": f, "g": g, "s": s, "h.expect": eh,
                   "w.expect": ew, "b.expect": eb, "f.expect": ef, "g.expect": eg,
                   "s.expect": es, "bits.expect": bits})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
