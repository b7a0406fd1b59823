"""vgather2, vgather2_bc, vgatherb and vscatter (a5): element gathers from a 1 KiB UB table by
i32, ui32 and ui16 offsets under partial masks (inactive lanes zero; their offsets point far
outside UB and must not fault); block gathers of 32 bytes by byte offsets, inactive blocks
zero; scatters of f32 and i16 lanes into a table, inactive lanes leaving it alone, aliasing
lanes won by the highest."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.element_types import TYPES, bits_type, values
from reference.tiles import save

GATHERS = [("f32", "i32", "vgather2", 45), ("ui32", "ui32", "vgather2_bc", 64),
           ("f16", "ui16", "vgather2", 100), ("bf16", "i16", "vgather2", 128),
           ("i32", "i32", "vgatherb", 6), ("ui8", "i32", "vgatherb", 3)]
SCATTERS = [("f32", "i32", 60), ("i16", "ui16", 128)]  # 8-bit: scatter_bytes_a5


def lanes(t):
    return 256 // np.dtype(TYPES[t][0]).itemsize


def _params():
    p = []
    for t, it, op, _ in GATHERS:
        p += [(f"tab_{op}_{t}", t, "in"), (f"off_{op}_{t}", it, "in"), (f"gat_{op}_{t}", t, 1)]
    for t, it, _ in SCATTERS:
        p += [(f"sx_{t}", t, "in"), (f"soff_{t}", it, "in"), (f"sdst_{t}", t, "inout")]
    return p


CASE = {
    "arch": "a5",
    "args": [f"zeros:{lanes(t) * k}" if isinstance(k, int) else f"{n}.bin" for n, t, k in _params()],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": bits_type(t).name}
             for n, t, k in _params() if k != "in"],
}


def generate(out_dir):
    rng = np.random.default_rng(1314)
    f = {}
    for t, it, op, n in GATHERS:
        size = np.dtype(TYPES[t][0]).itemsize
        tab = values(t, rng, (1024 // size,))
        bits = tab.view(bits_type(t))
        out = np.zeros(lanes(t), bits_type(t))
        if op == "vgatherb":
            off = np.zeros(lanes("i32"), np.int64)
            off[:8] = rng.permutation(32)[:8] * 32
            off[n:8] = 1 << 20  # inactive blocks: outside UB
            per = 32 // size  # elements per block
            for blk in range(n):
                out[blk * per:(blk + 1) * per] = bits[off[blk] // size: off[blk] // size + per]
        else:
            off = rng.integers(0, 1024 // size, size=lanes(t))
            off[:4] = [0, 1024 // size - 1, 3, 3]  # ends, and one element twice
            on = np.arange(lanes(t)) < n
            off[~on] = np.iinfo(TYPES[it][0]).max  # never read
            out[on] = bits[off[on]]
        f[f"tab_{op}_{t}"], f[f"off_{op}_{t}"] = tab, off.astype(TYPES[it][0])
        f[f"gat_{op}_{t}.expect"] = out
    for t, it, n in SCATTERS:
        size = np.dtype(TYPES[t][0]).itemsize
        x = values(t, rng, (lanes(t),))
        dst = values(t, rng, (1024 // size,))
        off = rng.permutation(min(1024 // size, 256))[:lanes(t)]
        off[5] = off[2]  # lanes 2 and 5 alias: lane 5 writes last
        on = np.arange(lanes(t)) < n
        off[~on] = np.iinfo(TYPES[it][0]).max
        out = dst.view(bits_type(t)).copy()
        for i in np.nonzero(on)[0]:
            out[off[i]] = x.view(bits_type(t))[i]
        f[f"sx_{t}"], f[f"soff_{t}"], f[f"sdst_{t}"] = x, off.astype(TYPES[it][0]), dst
        f[f"sdst_{t}.expect"] = out
    save(out_dir, f)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
