"""VMI gathers, scatters, vsstb, group_reduce_addi and histograms (docs/semantics.md "VMI layer",
gathers, scatters, histograms). vgather: lane i = x[k[i]] where the mask is on, else 0.
vscatter: lane i to out[k[i]] in lane order, so of two lanes with one place the later wins.
vsstb: the 32-byte block b (8 f32) goes to o + 3 * 8 * b where mask lane b is on.
group_reduce_addi: group g sums lanes [8 g, 8 g + 8) that are active (wrapping i32).
vdhist: bin b = acc[b] + #{active i: src[i] == b}; vchist: acc[b] + #{active i: src[i] <= b},
the 128-bin form over bins 0..127 only; bins wrap at 16 bits. Outputs start as sentinels (-1)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "outf.bin", "outi.bin"],
    "outs": [{"target": "3", "expect": "outf.expect.bin", "dtype": "float32"},
             {"target": "4", "expect": "outi.expect.bin", "dtype": "int32"}],
}


def inputs():
    rng = np.random.default_rng(4120)
    x = (np.arange(1024) + rng.integers(1, 8, 1024) / 16.0).astype(np.float32)
    y = np.zeros(512, np.int32)
    y[0:64] = rng.permutation(1024)[:64]               # gather offsets into x
    y[64:128] = 300 + (np.arange(64) * 3) % 48         # scatter offsets: lanes i, i + 16 collide
    y[128:256] = rng.integers(-2 ** 31, 2 ** 31, 128)  # group sums wrap
    src = rng.integers(0, 256, 256).astype(np.uint8)
    src[:40] = rng.integers(0, 6, 40)                  # crowded low bins
    y[256:320] = src.view(np.int32)
    acc = rng.integers(0, 50, 256).astype(np.uint16)
    acc[[0, 3, 130]] = 65530                           # counts that wrap
    y[320:448] = acc.view(np.int32)
    return x, y, src, acc


def model(x, y, src, acc):
    outf = np.full(512, -1.0, np.float32)
    on50 = np.arange(64) < 50
    g = np.where(on50, x[y[0:64]], 0).astype(np.float32)
    outf[0:64] = g
    for i in range(60):
        outf[y[64 + i]] = g[i]
    for b in range(5):
        outf[128 + 24 * b: 128 + 24 * b + 8] = x[8 * b: 8 * b + 8]
    outi = np.full(512, -1, np.int32)
    d = y[128:256].astype(np.int64) * (np.arange(128) < 100)
    sums = d.reshape(16, 8).sum(axis=1)
    outi[0:16] = ((sums + 2 ** 31) % 2 ** 32 - 2 ** 31).astype(np.int32)
    active = src[:200].astype(np.int64)
    count = np.bincount(active, minlength=256)
    dh = (acc.astype(np.int64) + count) % 65536
    ch = (acc.astype(np.int64) + np.cumsum(count)) % 65536
    count128 = np.bincount(active[active < 128], minlength=128)
    ch128 = (acc[:128].astype(np.int64) + np.cumsum(count128)) % 65536
    halves = outi[16:].view(np.uint16)
    halves[0:256] = dh
    halves[256:384] = ch128
    halves[384:640] = ch
    return outf, outi


def generate(out_dir):
    x, y, src, acc = inputs()
    outf, outi = model(x, y, src, acc)
    save(out_dir, {"x": x, "y": y, "outf": np.full(512, -1.0, np.float32),
                   "outi": np.full(512, -1, np.int32), "outf.expect": outf, "outi.expect": outi})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
