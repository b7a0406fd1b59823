"""VMI vintlv / vdintlv (docs/semantics.md "VMI layer", Rearrangement): vintlv %a, %b gives
lo = a[0], b[0], a[1], b[1], ... of the low halves and hi the same of the high halves; vdintlv
takes the stream a ++ b and gives its even lanes, then its odd ones (the inverse: vdintlv of
vintlv's results is a, b again); a result lane the mask leaves inactive is zero in both results.
On f32 (64 and 256 lanes, across several 256-byte registers), f16 (128) and i8 (256) lanes,
under tail, pattern and per-group masks and none."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import random_ints, save

# (op, type, lanes, first operand, second operand, mask): each writes its two results in turn.
# Operands: "a"/"b" the inputs' first lanes, "lo2"/"hi2" the results of op 2.
OPS = [
    ("vintlv", "f32", 64, "a", "b", "tail50"),
    ("vdintlv", "f32", 64, "a", "b", "tail50"),
    ("vintlv", "f32", 256, "a", "b", None),
    ("vdintlv", "f32", 256, "lo2", "hi2", "all"),
    ("vdintlv", "f32", 256, "a", "b", "every4"),
    ("vintlv", "f16", 128, "a", "b", "tail100"),
    ("vdintlv", "f16", 128, "a", "b", "grp10of32"),
    ("vintlv", "i8", 256, "a", "b", "all"),
    ("vdintlv", "i8", 256, "a", "b", "tail200"),
]
NP = {"f32": np.float32, "f16": np.float16, "i8": np.int8}
OUT_NAMES = {"f32": "of", "f16": "oh", "i8": "oc"}
ARGS = ["af", "bf", "ah", "bh", "ac", "bc"]
SIZES = {t: sum(2 * n for _, tt, n, *_ in OPS if tt == t) for t in NP}
CASE = {
    "args": [f"{n}.bin" for n in ARGS] + [f"zeros:{SIZES[t]}" for t in NP],
    "outs": [{"target": "7", "expect": "of.expect.bin", "dtype": "float32"},
             {"target": "8", "expect": "oh.expect.bin", "dtype": "float16"},
             {"target": "9", "expect": "oc.expect.bin", "dtype": "int8"}],
}


def mask_of(name, n):
    i = np.arange(n)
    return {None: i >= 0, "all": i >= 0, "tail50": i < 50, "tail100": i < 100,
            "tail200": i < 200, "every4": i % 4 == 0, "grp10of32": i % 32 < 10}[name]


def vintlv(a, b):
    h = a.size // 2
    lo, hi = np.empty_like(a), np.empty_like(a)
    lo[0::2], lo[1::2] = a[:h], b[:h]
    hi[0::2], hi[1::2] = a[h:], b[h:]
    return lo, hi


def vdintlv(a, b):
    stream = np.concatenate([a, b])
    return stream[0::2].copy(), stream[1::2].copy()


def inputs():
    rng = np.random.default_rng(4109)
    # f32: lane i of a is i + 1 / 4 or so, of b its negative: each result lane names its source
    af = (np.arange(256) + 1 + rng.integers(1, 4, 256) / 8).astype(np.float32)
    bf = -(np.arange(256) + 1 + rng.integers(1, 4, 256) / 8).astype(np.float32)
    ah = (np.arange(128) + 1).astype(np.float16)
    bh = (-(np.arange(128) + 1) - 0.5).astype(np.float16)
    ac, bc = random_ints(rng, 256, np.int8), random_ints(rng, 256, np.int8)
    ac[ac == 0], bc[bc == 0] = 1, -1              # a zero would hide a zeroed lane
    return {"af": af, "bf": bf, "ah": ah, "bh": bh, "ac": ac, "bc": bc}


def generate(out_dir):
    x = inputs()
    src = {"f32": ("af", "bf"), "f16": ("ah", "bh"), "i8": ("ac", "bc")}
    outs = {t: [] for t in NP}
    results = {}
    for k, (op, t, n, p, q, mask) in enumerate(OPS):
        named = {"a": x[src[t][0]][:n], "b": x[src[t][1]][:n]}
        named.update(results)
        r0, r1 = (vintlv if op == "vintlv" else vdintlv)(named[p], named[q])
        on = mask_of(mask, n)
        r0, r1 = np.where(on, r0, NP[t](0)), np.where(on, r1, NP[t](0))
        if k == 2:
            results = {"lo2": r0, "hi2": r1}
        outs[t] += [r0, r1]
    arrays = dict(x)
    for t, name in OUT_NAMES.items():
        arrays[f"{name}.expect"] = np.concatenate(outs[t]).astype(NP[t])
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
