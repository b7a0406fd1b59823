"""VMI vcadd on f32 (docs/semantics.md "VMI layer", Reductions; vmi-isa 05's lowering): group g
is lanes [g L/C, (g+1) L/C), inactive lanes are +0. A group spanning whole 32-byte blocks adds
its blocks of 8 lanes elementwise in turn (acc = b0; acc = acc + b1; ...), then sums that block
in a tree of halves (v[:n/2] + v[n/2:] until one is left); without a group ({group = 1} is the
pages' default, the same full reduction) the lanes are taken 64 at a time (256 bytes), added in
turn, and the 64 summed in the tree. Every step rounds to f32. The inputs span 2^-10 .. 2^20
with cancellation, so another order gives other bits. Output slot k of op i at out[8 i + k];
the rest stays -1."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "out.bin"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}
# (source, lanes, mask, group or None), in the kernel's order
OPS = [
    ("x", 256, "all", None), ("x", 256, "all", 1), ("x", 256, "tail201", None),
    ("x", 256, "tail201", 1), ("x", 256, "tail201", 2), ("x", 256, "grp27of32", 4),
    ("x", 256, "grp27of32", 8), ("x", 256, "all", 8),
    ("y", 64, "all", None), ("y", 64, "tail45", None), ("y", 64, "all", 1),
    ("y", 64, "tail45", 2), ("y", 64, "every3", 4), ("y", 64, "tail45", 8), ("y", 64, "all", 8),
]


def mask_of(name, lanes):
    i = np.arange(lanes)
    return {"all": i >= 0, "tail201": i < 201, "tail45": i < 45,
            "grp27of32": i % 32 < 27, "every3": i % 3 == 0}[name]


def tree(v):
    """A tree of halves over v (a power of two long), in f32."""
    v = np.asarray(v, np.float32)
    while v.size > 1:
        h = v.size // 2
        v = (v[:h] + v[h:]).astype(np.float32)
    return v[0]


def fold(lanes, chunk):
    """chunk lanes at a time added elementwise in turn, then the chunk summed by the tree."""
    acc = lanes[:chunk].astype(np.float32)
    for at in range(chunk, lanes.size, chunk):
        acc = (acc + lanes[at:at + chunk]).astype(np.float32)
    return tree(acc)


def vcadd(x, mask, group):
    c = group or 1
    v = np.where(mask, x, np.float32(0)).astype(np.float32)
    size = v.size // c
    if c == 1:
        chunk = 64                    # 256 bytes of f32
    else:
        assert size * 4 % 32 == 0     # every group here spans whole 32-byte blocks
        chunk = 8
    return np.array([fold(v[g * size:(g + 1) * size], chunk) for g in range(c)], np.float32)


def generate(out_dir):
    rng = np.random.default_rng(4188)
    # magnitudes 2^-10 .. 2^20 of either sign: sums that cancel, so each order has its own bits
    data = (rng.uniform(-1, 1, 320) * 2.0 ** rng.integers(-10, 20, 320)).astype(np.float32)
    sources = {"x": data[:256], "y": data[256:]}
    out = np.full(128, -1.0, np.float32)
    expect = out.copy()
    for i, (src, lanes, mask, group) in enumerate(OPS):
        r = vcadd(sources[src], mask_of(mask, lanes), group)
        expect[8 * i: 8 * i + r.size] = r
    save(out_dir, {"x": data, "out": out, "out.expect": expect})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
