"""pto.vmi.vshl/vshr/vshls/vshrs on signed, unsigned and signless integer logical vectors
(docs/semantics.md "VMI layer"; counts past the width as "Register layer (VPTO)", arith).

vshl and vshls shift left, keeping the low bits. vshr always shifts in zeros; vshrs shifts in
the sign for siN lanes and zeros for uiN and signless iN lanes. A per-lane count of the width or
more gives 0 (vshl, vshr). vshls/vshrs take one i16 count. Negative counts sit only in lanes the
mask leaves inactive, which are 0 and are not computed.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

# (type, lanes, active lanes, [(op, scalar count or None, masked)]), in the kernel's order.
SPEC = [("si8", 256, 250, [("vshl", None, True), ("vshr", None, False), ("vshls", 3, False),
                           ("vshrs", 3, True)]),
        ("ui8", 64, 64, [("vshr", None, False), ("vshrs", 7, True)]),
        ("i8", 128, 100, [("vshrs", 2, True), ("vshls", 5, False), ("vshr", None, True)]),
        ("si16", 128, 128, [("vshrs", 15, False), ("vshl", None, True)]),
        ("ui16", 64, 40, [("vshrs", 4, True), ("vshl", None, False)]),
        ("i16", 256, 200, [("vshrs", 1, False), ("vshr", None, True)]),
        ("si32", 64, 48, [("vshrs", 31, True), ("vshr", None, True), ("vshl", None, True),
                          ("vshrs", 0, False)]),
        ("ui32", 128, 120, [("vshr", None, True), ("vshrs", 16, False)]),
        ("i32", 256, 255, [("vshrs", 4, True), ("vshl", None, False)])]
NP = {"si8": np.int8, "ui8": np.uint8, "i8": np.int8, "si16": np.int16, "ui16": np.uint16,
      "i16": np.int16, "si32": np.int32, "ui32": np.uint32, "i32": np.int32}
UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32}

CASE = {
    "args": [f"in_{s[0]}.bin" for s in SPEC] + [f"out_{s[0]}.init.bin" for s in SPEC],
    "outs": [{"target": str(len(SPEC) + i + 1), "expect": f"out_{s[0]}.expect.bin",
              "dtype": np.dtype(NP[s[0]]).name} for i, s in enumerate(SPEC)],
}


def shift(t, op, a, counts):
    """op on lanes a (numpy type of t) by counts (int64 per lane)."""
    dt = NP[t]
    bits = 8 * np.dtype(dt).itemsize
    u = a.view(UNSIGNED[np.dtype(dt).itemsize]).astype(np.uint64)
    c = np.clip(counts, 0, 63).astype(np.uint64)
    big = counts >= bits
    if op in ("vshl", "vshls"):
        r = np.where(big, 0, (u << c) & ((1 << bits) - 1))
        return r.astype(UNSIGNED[np.dtype(dt).itemsize]).view(dt)
    if op == "vshrs" and t.startswith("si"):                   # arithmetic
        s = a.astype(np.int64)
        return np.where(big, np.where(s < 0, -1, 0), s >> np.minimum(counts, 63)).astype(dt)
    r = np.where(big, 0, u >> c)                               # logical
    return r.astype(UNSIGNED[np.dtype(dt).itemsize]).view(dt)


def generate(out_dir):
    rng = np.random.default_rng(4108)
    arrays = {}
    for t, lanes, active, ops in SPEC:
        dt = NP[t]
        info = np.iinfo(dt)
        bits = 8 * np.dtype(dt).itemsize
        a = rng.integers(info.min, info.max, lanes, endpoint=True).astype(dt)
        a[[0, 1, 2, 3]] = np.array([info.min, info.max, -1, 1]).astype(dt)
        counts = rng.integers(0, bits + 4, lanes)            # some at or past the width
        counts[[0, 1, 2, 3, 4, 5]] = [bits - 1, bits - 1, bits - 1, 0, bits, bits + 1]
        on = np.arange(lanes) < active
        vector_ops = [op for op, k, _ in ops if k is None]
        all_masked = all(m for op, k, m in ops if k is None)
        if info.min < 0 and all_masked and active < lanes:
            counts[active:] = rng.integers(-10, 0, lanes - active)   # negative, inactive only
            counts[-1] = info.min
        assert vector_ops
        out0 = (np.arange(lanes * len(ops)) * 5 + 11).astype(dt)
        out = out0.copy()
        for i, (op, k, masked) in enumerate(ops):
            cnt = np.full(lanes, k, np.int64) if k is not None else counts.astype(np.int64)
            r = shift(t, op, a, np.where(on | (not masked), cnt, 0))
            out[lanes * i:lanes * (i + 1)] = np.where(on, r, 0) if masked else r
        arrays.update({f"in_{t}": np.concatenate([a, counts.astype(dt)]),
                       f"out_{t}.init": out0, f"out_{t}.expect": out})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
