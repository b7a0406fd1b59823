"""pto.vmi.create_mask/create_group_mask/pset and the mask forms of vand/vor/vxor/vnot
(docs/semantics.md "VMI layer": Masks; vmi-isa 08).

create_mask %n activates lanes i < n (all when n >= L, none for 0); create_group_mask %n
{num_groups, group_size} lanes with i % group_size < n; pset the register layer's patterns over
the L logical lanes (PAT_ALL, PAT_ALLF, PAT_VLn the first n, PAT_H the first half, PAT_Q the first
quarter, PAT_M3/PAT_M4 every third/fourth lane from 0). Mask logic is lane by lane. Each mask is
shown by a masked vstore of the ramp 1, 2, 3, ... onto sentinels (inactive lanes keep them),
and one governs a vadd stored whole (inactive lanes 0).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

N_ARG, G_ARG = 77, 3
# (kind, lanes, parameters): each region of `out`, in order, 8-element aligned.
REGIONS = ([("mask", 128, n) for n in (0, 1, 63, 64, 65, 127, 128, 200)]
           + [("mask_arg", 256, "n")]
           + [("group", 128, (8, 16, n)) for n in (0, 5, 16, 20)]
           + [("group", 6, (2, 3, 2)), ("group", 256, (4, 64, 33)), ("group_arg", 128, (16, 8, "g"))]
           + [("pset", 256, p) for p in ("PAT_ALL", "PAT_ALLF", "PAT_VL8", "PAT_VL32", "PAT_H",
                                          "PAT_Q", "PAT_M3", "PAT_M4")]
           + [("pset", 8, "PAT_H"), ("pset", 64, "PAT_M3"), ("pset", 6, "PAT_H")]
           + [("logic", 128, op) for op in ("and", "or", "xor", "not", "nand")]
           + [("governed", 128, None)])
CASE = {
    "args": ["ramp.bin", "out.init.bin", str(N_ARG), str(G_ARG)],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}


def layout():
    """The element offset of each region and the buffer's length."""
    offsets, at = [], 0
    for _, lanes, _ in REGIONS:
        offsets.append(at)
        at += -(-lanes // 8) * 8 + 8          # 8 sentinels at least between regions
    return offsets, -(-at // 64) * 64


def lanes_of(kind, lanes, p):
    i = np.arange(lanes)
    if kind == "mask":
        return i < p
    if kind == "mask_arg":
        return i < N_ARG
    if kind in ("group", "group_arg"):
        groups, size, n = p
        assert groups * size == lanes
        return i % size < (G_ARG if n == "g" else n)
    if kind == "pset":
        return {"PAT_ALL": i >= 0, "PAT_ALLF": i < 0, "PAT_H": i < lanes // 2,
                "PAT_Q": i < lanes // 4, "PAT_M3": i % 3 == 0, "PAT_M4": i % 4 == 0}.get(
                    p, i < int(p[6:]) if p.startswith("PAT_VL") else None)
    # Logic on a = create_mask 100, b = create_group_mask 10 {8 x 16}, c = pset PAT_M3.
    a, b, c = i < 100, i % 16 < 10, i % 3 == 0
    return {"and": a & b, "or": a | c, "xor": b ^ c, "not": ~a, "nand": ~(a & b),
            None: b}[p]


def generate(out_dir):
    ramp = np.arange(1, 513, dtype=np.float32)
    offsets, total = layout()
    out0 = (-0.5 - np.arange(total)).astype(np.float32)
    out = out0.copy()
    for (kind, lanes, p), at in zip(REGIONS, offsets):
        m = lanes_of(kind, lanes, p)
        if kind == "governed":                # vadd of the ramp and itself under b, stored whole
            out[at:at + lanes] = np.where(m, 2 * ramp[:lanes], 0)
        else:
            out[at:at + lanes] = np.where(m, ramp[:lanes], out0[at:at + lanes])
    save(out_dir, {"ramp": ramp, "out.init": out0, "out.expect": out})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
