"""treduce (sum, min) on i16, i32, f16, bf16 and tput/tget on 8- to 64-bit types.

treduce: the root's chunk first, then the other peers in order, each step rounded to the
element type (f16, bf16) or wrapped (integers); min lets NaN win. tput/tget copy bits.
The atomic-add tput adds an i32 view onto one holding other values, wrapping.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16

RED = ["i16", "i32", "f16", "bf16"]
PUT = ["i8", "ui8", "ui16", "i64", "ui64", "f16", "bf16", "ui32"]
BITS = {"i8": np.uint8, "ui8": np.uint8, "ui16": np.uint16, "i64": np.uint64,
        "ui64": np.uint64, "f16": np.uint16, "bf16": np.uint16, "ui32": np.uint32,
        "i16": np.uint16, "i32": np.uint32}
COMPARE = {np.uint8: "uint8", np.uint16: "uint16", np.uint32: "uint32", np.uint64: "uint64"}
SHAPE = (2, 40)

PARAMS = ([f"{n}_{d}" for d in RED for n in ("r0", "r1", "r2", "sum", "min")] +
          [f"{n}_{d}" for d in PUT for n in ("src", "put", "get")] + ["base_i32", "add_i32"])
OUTS = ([f"{n}_{d}" for d in RED for n in ("sum", "min")] +
        [f"{n}_{d}" for d in PUT for n in ("put", "get")] + ["add_i32"])
INPUTS = [p for p in PARAMS if p not in OUTS or p == "add_i32"]
CASE = {
    "args": [f"{p}.bin" if p in INPUTS else "zeros:80" for p in PARAMS],
    "outs": [{"target": str(PARAMS.index(o) + 1), "expect": f"{o}.expect.bin",
              "dtype": COMPARE[BITS[o.split("_")[1]]]} for o in OUTS],
}


def as_values(d, bits):
    """Stored bits -> the values the reduction works on (float32 or int64)."""
    if d == "f16":
        return bits.view(np.float16).astype(np.float32)
    if d == "bf16":
        return from_bf16(bits)
    return bits.view({"i16": np.int16, "i32": np.int32}[d]).astype(np.int64)


def as_bits(d, v):
    """Values -> stored bits: rounded to the type (NaN kept) or wrapped."""
    if d == "f16":
        return v.astype(np.float16).view(np.uint16)
    if d == "bf16":
        return to_bf16(v.astype(np.float32), nan=0x7FC0)
    return v.astype({"i16": np.int16, "i32": np.int32}[d]).view(BITS[d])


def reduce(d, peers, op, root):
    """Root first, then the others in order; each step stored (rounded or wrapped)."""
    acc = as_values(d, peers[root])
    for r, p in enumerate(peers):
        if r == root:
            continue
        x = as_values(d, p)
        if op == "sum":
            acc = acc + x
        else:  # min, NaN wins
            acc = np.where(np.isnan(acc) | np.isnan(x), np.nan, np.minimum(acc, x)) \
                if d in ("f16", "bf16") else np.minimum(acc, x)
        acc = as_values(d, as_bits(d, acc))
    return as_bits(d, acc)


def peer_values(rng, d):
    if d in ("f16", "bf16"):
        v = rng.normal(0.0, 100.0, SHAPE).astype(np.float32)
        v[0, :6] = [np.nan, np.inf, -np.inf, -0.0, 60000.0, 3e38 if d == "bf16" else 1e-7]
        return as_bits(d, v)
    info = np.iinfo({"i16": np.int16, "i32": np.int32}[d])
    v = rng.integers(info.min, info.max, SHAPE, dtype=np.int64, endpoint=True)
    v[0, :3] = [info.min, info.max, -1]
    return as_bits(d, v)


def generate(out_dir):
    with np.errstate(over="ignore", invalid="ignore"):  # inf - inf and f16 overflow are meant
        _generate(out_dir)


def _generate(out_dir):
    rng = np.random.default_rng(909)
    data, expect = {}, {}
    for d in RED:
        peers = [peer_values(rng, d) for _ in range(3)]
        for k, p in enumerate(peers):
            data[f"r{k}_{d}"] = p
        expect[f"sum_{d}"] = reduce(d, peers, "sum", 1)
        expect[f"min_{d}"] = reduce(d, peers, "min", 0)
    for d in PUT:
        bits = BITS[d]
        src = rng.integers(0, np.iinfo(bits).max, SHAPE, dtype=bits, endpoint=True)
        data[f"src_{d}"] = src
        expect[f"put_{d}"] = expect[f"get_{d}"] = src
    base = rng.integers(-2**31, 2**31 - 1, SHAPE, dtype=np.int64, endpoint=True)
    added = rng.integers(-2**31, 2**31 - 1, SHAPE, dtype=np.int64, endpoint=True)
    data["base_i32"] = base.astype(np.int32)
    data["add_i32"] = added.astype(np.int32)
    expect["add_i32"] = (base + added).astype(np.int32)  # wraps
    for name, a in data.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, a in expect.items():
        a.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
