"""SIMT lanes: 64 workitems in two 32-lane groups; coordinates, lane masks, votes, shuffles
(out of range: the lane's own value), redux, and a UB barrier (docs/semantics.md "### simt")."""
import os

import numpy as np

CASE = {
    "args": ["zeros:1088"],
    "outs": [{"target": "1", "expect": "out.expect.bin", "dtype": "int32"}],
}

FIELDS = 17


def shuffle(values, lane, src_local, width):
    base = lane // width * width
    return values[base + src_local] if 0 <= src_local < width else values[lane]


def generate(out_dir):
    n = 64
    out = np.zeros((n, FIELDS), dtype=np.int64)
    value = 1000 + np.arange(n)
    for lin in range(n):
        tx, ty, tz = lin % 16, (lin // 16) % 2, lin // 32
        lane = lin % 32
        group = range(lin - lane, lin - lane + 32)
        pred = [(l % 32) % 3 == 0 for l in group]
        ballot = sum(1 << (l % 32) for l, p in zip(group, pred) if p)
        local = lane % 16
        gv = [value[l] for l in group]
        out[lin] = [
            tx, ty, tz, 16, lane,
            (1 << lane) - 1, (0xFFFFFFFF << (lane + 1)) & 0xFFFFFFFF,
            ballot, int(any(pred)), int(all(pred)),
            shuffle(gv, lane, 5, 16),
            shuffle(gv, lane, lane - 3, 32),
            shuffle(gv, lane, local + 3, 16),
            shuffle(gv, lane, lane ^ 5, 32),
            sum(gv),
            max((-l) & 0xFFFFFFFF for l in group),
            3000 + (lin + 1) % n,
        ]
    np.asarray(out.astype(np.uint32).view(np.int32).reshape(-1)).tofile(
        os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
