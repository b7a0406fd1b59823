"""VMI reductions (docs/semantics.md "VMI layer", Reductions): vcadd on f16 adds in f32 in the
lowering's order (no group: 128 lanes = 256 bytes at a time added in turn, then a tree of
halves; a group of whole 32-byte blocks: its blocks of 16 lanes added in turn, then the tree;
a group under 32 bytes: the tree directly) and rounds to f16 once, so a sum that passes 65504
midway stays finite and one that ends past it is inf; integer vcadd wraps to the lane type;
vcmax/vcmin select (signless i16 as signed, ui16 unsigned), the first active NaN wins (its bits
kept), inactive lanes are the identity, and an all-inactive group gives the identity (-inf/+inf,
0/65535, INT32_MIN/MAX). Op k of a type's list writes slots [8k, 8k + C); the rest keeps the
sentinel."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import random_ints, save

KEYS = "hfuis"
NP = {"h": np.float16, "f": np.float32, "u": np.uint16, "i": np.int32, "s": np.int16}
CASE = {
    "args": [f"x{k}.bin" for k in KEYS] + [f"o{k}.bin" for k in KEYS],
    "outs": [{"target": "6", "expect": "oh.expect.bin", "dtype": "float16"},
             {"target": "7", "expect": "of.expect.bin", "dtype": "uint32"},   # NaN bits too
             {"target": "8", "expect": "ou.expect.bin", "dtype": "uint16"},
             {"target": "9", "expect": "oi.expect.bin", "dtype": "int32"},
             {"target": "10", "expect": "os.expect.bin", "dtype": "int16"}],
}
# (op, type key, lanes, source offset, mask, group), in the kernel's order
OPS = [
    ("vcadd", "h", 256, 0, "all", None),
    ("vcadd", "h", 256, 0, "tail200", 8),
    ("vcadd", "h", 128, 128, "all", 8),
    ("vcadd", "h", 64, 192, "grp5of8", 8),
    ("vcadd", "h", 256, 0, "tail200", 2),
    ("vcadd", "h", 128, 0, "all", 2),
    ("vcadd", "h", 128, 0, "all", None),
    ("vcmax", "f", 256, 0, "all", None),
    ("vcmax", "f", 256, 0, "tail100", 8),
    ("vcmin", "f", 256, 0, "tail100", 8),
    ("vcmin", "f", 256, 0, "grp20of64", 4),
    ("vcmax", "f", 64, 192, "all", 8),
    ("vcmin", "f", 64, 192, "all", None),
    ("vcmax", "u", 256, 0, "tail100", 8),
    ("vcmin", "u", 256, 0, "tail100", 8),
    ("vcmax", "u", 256, 0, "all", None),
    ("vcmin", "u", 128, 128, "all", 4),
    ("vcmax", "i", 256, 0, "tail100", 8),
    ("vcmin", "i", 256, 0, "tail100", 8),
    ("vcadd", "i", 256, 0, "grp20of64", 4),
    ("vcadd", "i", 256, 0, "all", None),
    ("vcadd", "s", 256, 0, "all", 8),
    ("vcadd", "s", 256, 0, "tail200", None),
    ("vcmax", "s", 256, 0, "all", 2),
    ("vcmin", "s", 128, 128, "tail100", 8),
]
SENTINEL = {"h": np.float16(-3.0), "f": np.float32(-3.0), "u": 0xA5A5, "i": 0x5A5A5A5A, "s": 0x1234}


def mask_of(name, lanes):
    i = np.arange(lanes)
    return {"all": i >= 0, "tail200": i < 200, "tail100": i < 100,
            "grp5of8": i % 8 < 5, "grp20of64": i % 64 < 20}[name]


def tree(v):
    v = np.asarray(v, np.float32)
    n = 1
    while n < v.size:
        n *= 2
    v = np.concatenate([v, np.zeros(n - v.size, np.float32)])
    while v.size > 1:
        h = v.size // 2
        v = (v[:h] + v[h:]).astype(np.float32)
    return v[0]


def f16_sum(lanes, whole_reg):
    """One slot of vcadd on f16 lanes (inactive ones already +0), in f32, rounded once."""
    v = lanes.astype(np.float32)
    if whole_reg:
        chunk = 128                      # 256 bytes of f16
    elif v.size * 2 % 32 == 0:
        chunk = 16                       # one 32-byte block
    else:
        chunk = v.size                   # under a block: the tree directly
    acc = v[:chunk].copy()
    for at in range(chunk, v.size, chunk):
        acc = (acc + v[at:at + chunk]).astype(np.float32)
    with np.errstate(over="ignore"):
        return np.float16(tree(acc))


def extremum(vals, on, op, k):
    vals = vals[on]
    if k in "hf":
        nan = np.isnan(vals)
        if nan.any():
            return vals[np.argmax(nan)]  # the first NaN, its bits kept
        if vals.size == 0:
            return NP[k](-np.inf if op == "vcmax" else np.inf)
    elif vals.size == 0:
        info = np.iinfo(NP[k])
        return NP[k](info.min if op == "vcmax" else info.max)
    return vals.max() if op == "vcmax" else vals.min()


def reduce(op, k, x, mask, group):
    c = group or 1
    size = x.size // c
    out = []
    for g in range(c):
        lanes, on = x[g * size:(g + 1) * size], mask[g * size:(g + 1) * size]
        if op != "vcadd":
            out.append(extremum(lanes, on, op, k))
        elif k == "h":
            out.append(f16_sum(np.where(on, lanes, np.float16(0)), c == 1))
        else:
            total = int(np.where(on, lanes, 0).astype(np.int64).sum())
            bits = np.iinfo(NP[k]).bits
            out.append(np.array(total & ((1 << bits) - 1), np.uint64).astype(NP[k]))
    return np.array(out, NP[k])


def inputs(rng):
    # f16: small lanes (2^-12 .. 2^-5) and in every 16 (lanes 192.. : every 8, among the 5
    # active ones) a pair +-B (B ~ 2^14) that cancels: f32 loses the small lanes' low bits beside
    # B, differently in each order, and the small result shows it after the rounding to f16
    h = (rng.uniform(-1, 1, 256) * 2.0 ** rng.integers(-12, -5, 256)).astype(np.float16)
    special = {32: 60000, 33: -60000, 48: 60000, 49: -60000,  # f32 keeps +-120000
               224: 40000, 225: 40000,     # ops 2 and 3 end past 65504 (inf) in one group,
               240: -40000, 241: -40000}   # past -65504 in another; op 0 ends small again
    for base, width, free in [(b, 16, 16) for b in range(0, 192, 16)] + \
                             [(b, 8, 5) for b in range(192, 256, 8)]:
        lanes = [base + o for o in range(free) if base + o not in special]
        j, k = rng.choice(lanes, 2, replace=False)
        big = np.float16(rng.uniform(12000, 30000))
        h[j], h[k] = big, -big
    for lane, value in special.items():
        h[lane] = value
    f = rng.uniform(-1000, 1000, 256).astype(np.float32)
    f[[5, 37]] = [-np.inf, np.inf]
    f[40] = np.array(0x7fc00001, np.uint32).view(np.float32)   # NaN: op vcmax, all lanes
    f[70] = np.array(0xffc00002, np.uint32).view(np.float32)   # a second NaN, later
    f[150] = np.array(0x7fc00003, np.uint32).view(np.float32)  # inactive under tail100
    f[200] = np.inf
    f[230] = -np.inf
    u = random_ints(rng, 256, np.uint16)
    u[[3, 50, 140]] = [0xffff, 0, 0x8000]
    i = random_ints(rng, 256, np.int32)
    i[[2, 65]] = [np.iinfo(np.int32).max, np.iinfo(np.int32).min]
    s = random_ints(rng, 256, np.int16)
    s[[7, 130]] = [-32768, 32767]
    return {"h": h, "f": f, "u": u, "i": i, "s": s}


def generate(out_dir):
    x = inputs(np.random.default_rng(4104))
    outs = {k: np.full(64, SENTINEL[k], NP[k]) for k in KEYS}
    expect = {k: v.copy() for k, v in outs.items()}
    slot = {k: 0 for k in KEYS}
    for op, k, lanes, off, mask, group in OPS:
        r = reduce(op, k, x[k][off:off + lanes], mask_of(mask, lanes), group)
        expect[k][8 * slot[k]: 8 * slot[k] + r.size] = r
        slot[k] += 1
    arrays = {f"x{k}": x[k] for k in KEYS}
    arrays.update({f"o{k}": outs[k] for k in KEYS})
    arrays.update({f"o{k}.expect": expect[k] for k in KEYS})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
