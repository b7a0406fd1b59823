"""pto.vmi.vabs/vneg/vrelu on integer logical vectors (docs/semantics.md "VMI layer").

Two's complement, wrapping: |MIN| and -MIN are MIN; vrelu is max(x, 0) on signed lanes. Lanes
the governing mask leaves inactive are 0 (create_mask: the first n lanes; pset PAT_Q: the first
quarter of the logical lanes); an operation without a mask computes every lane.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

# (type, numpy type, lanes, active lanes, [(op, masked)]), in the kernel's order.
SPEC = [("si8", np.int8, 256, np.arange(256) < 200, [("abs", True), ("neg", False)]),
        ("si16", np.int16, 128, np.arange(128) < 32, [("abs", False), ("neg", True)]),
        ("si32", np.int32, 64, np.arange(64) < 40,
         [("abs", True), ("neg", True), ("relu", True), ("relu", False)]),
        ("i8", np.int8, 64, np.arange(64) < 63, [("neg", True)]),
        ("i16", np.int16, 256, np.arange(256) < 250, [("neg", True)]),
        ("i32", np.int32, 128, np.arange(128) < 100, [("neg", True)])]

CASE = {
    "args": [f"in_{s[0]}.bin" for s in SPEC] + [f"out_{s[0]}.init.bin" for s in SPEC],
    "outs": [{"target": str(len(SPEC) + i + 1), "expect": f"out_{s[0]}.expect.bin",
              "dtype": np.dtype(s[1]).name} for i, s in enumerate(SPEC)],
}

OPS = {"abs": lambda a: np.abs(a.astype(np.int64)), "neg": lambda a: -a.astype(np.int64),
       "relu": lambda a: np.maximum(a.astype(np.int64), 0)}


def generate(out_dir):
    rng = np.random.default_rng(4106)
    arrays = {}
    for t, dt, lanes, active, ops in SPEC:
        info = np.iinfo(dt)
        a = rng.integers(info.min, info.max, lanes, endpoint=True).astype(dt)
        a[[0, 5, 10, 15, 20, 25, 30]] = [info.min, info.max, -1, 0, 1, info.min + 1, -info.max]
        a[lanes - 1] = info.min                          # past most tails
        out0 = (np.arange(lanes * max(2, len(ops))) * 3 - 77).astype(dt)
        out = out0.copy()
        for i, (op, masked) in enumerate(ops):
            r = OPS[op](a).astype(dt)                   # wraps: |MIN| = -MIN = MIN
            out[lanes * i:lanes * (i + 1)] = np.where(active, r, 0) if masked else r
        arrays.update({f"in_{t}": a, f"out_{t}.init": out0, f"out_{t}.expect": out})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
