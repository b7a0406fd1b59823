"""VMI vload/vstore on f32 (docs/semantics.md "VMI layer", loads and stores): lane i of a plain
load is element o + i; {group = C} with a stride reads or writes C rows of L / C lanes, row g at
o + g * stride (one lane per row when C = L), as group_store {num_groups = C} does; an i16 operand without a group moves 32-byte blocks
(8 f32) that many blocks apart; dist_mode "brc" puts element o in every lane. A store writes
active lanes only: the output starts as sentinels (-1), so what is not written shows."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "out.bin"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}
SENTINEL = -1.0


def model(x, out):
    out = out.copy()
    # continuous load from x[8]; the first 200 lanes stored at out[0]
    a = x[8:8 + 256]
    out[0:200] = a[:200]
    # group load: 4 rows of 32 at x[5 + 100 g]; group store: 8 rows of 16 at out[256 + 30 r]
    b = np.concatenate([x[5 + 100 * g: 5 + 100 * g + 32] for g in range(4)])
    for r in range(8):
        out[256 + 30 * r: 256 + 30 * r + 16] = b[16 * r: 16 * r + 16]
    # slot load x[3 + 37 g]; slot store out[512 + 3 g]
    s = np.array([x[3 + 37 * g] for g in range(8)], np.float32)
    out[512 + 3 * np.arange(8)] = s
    # block-strided load: block b (8 f32) at x[16 + 3 * 8 b]; store 4 blocks apart, lanes < 48
    k = np.concatenate([x[16 + 24 * blk: 16 + 24 * blk + 8] for blk in range(8)])
    for blk in range(6):
        out[544 + 32 * blk: 544 + 32 * blk + 8] = k[8 * blk: 8 * blk + 8]
    # group_store of the same 64 lanes: 4 rows of 16 at out[820 + 50 r]
    for r in range(4):
        out[820 + 50 * r: 820 + 50 * r + 16] = k[16 * r: 16 * r + 16]
    # brc: x[77] everywhere, the first 10 lanes stored at out[800]
    out[800:810] = x[77]
    return out


def generate(out_dir):
    # element i holds i + 0.25 (plus noise in the fraction), so each lane's source is visible
    rng = np.random.default_rng(4101)
    x = (np.arange(1024) + rng.integers(1, 4, 1024) / 8.0).astype(np.float32)
    out = np.full(1024, SENTINEL, np.float32)
    save(out_dir, {"x": x, "out": out, "out.expect": model(x, out)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
