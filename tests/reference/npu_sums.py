"""The NPU's row and column sums (TROWSUM and TCOLSUM of f32 and f16 tiles) evaluated step by step
in numpy, each step rounded to its type, from pto-isa 3186c381's instruction sequences
(docs/semantics.md, "The NPU's arithmetic"):

- vcadd sums the lanes of one 256-byte repeat (64 f32 or 128 f16; lanes past the valid ones are
  0) in a tree of halves computed in float32 (lane i with lane i + n/2, ...), the result rounded
  to the element type: ptorun's model of the hardware's own tree, which pto-isa does not publish.
  vcgadd does the same per 8 f32 lanes (a 32-byte block).
- vadd adds two elements of the type, rounded once (f16 through the exact float64 sum).
- a5 (npu/a5/TRowReduce.hpp): +0, then each repeat's vcadd added in turn.
- a2a3 (npu/a2a3/TRowReduceOps.hpp, TRowSum.hpp): one repeat or less: vcadd; else whole repeats
  added pairwise into tmp (the odd last one and the partial tail into tmp's first), tmp's
  repeats pairwise until one is left, then vcadd. f32 64x128, 32x256, 16x512 and 8x1024 tiles
  summed into a col-major column take vcgadd steps instead (grouped_row_sum).
- TROWPROD (row_prod): each lane's elements multiplied in turn from 1 (lanes of a 256-byte
  repeat on a5, of a 32-byte block on a2a3); then a5 multiplies the lanes pairwise in a tree of
  halves, a2a3 left to right in float32 on the scalar unit (float16 rounded once at the end).
  TCOLPROD (col_prod): a2a3 row 0 times each further row; a5 row 0 times (row 1 x row 2), ...,
  times an odd last row.
- TCOLSUM (col_sums) adds whole rows with vadd. a2a3 (npu/a2a3/TColSum.hpp): one row copied;
  sequential: row 0 + row 1 + row 2 ...; binary: rows pairwise into tmp, an odd last row into
  tmp[0], then tmp pairwise the same way. a5 (npu/a5/TColSum.hpp, TColReduceOps.hpp):
  sequential: row 0 + (row 1 + row 2) + (row 3 + row 4) ... + an odd last row; binary: rows
  pairwise into tmp, an odd last row into tmp's last (one row alone: + 0), then tmp pairwise,
  an odd last one into the new last, until one is left.
"""
import os

import numpy as np

from .numerics import from_bf16, to_bf16


def lanes_of(t):
    return 256 // np.dtype(t).itemsize


def tree(values):
    """float32 tree of halves of a power-of-two count of values."""
    v = np.asarray(values, dtype=np.float32)
    while v.size > 1:
        half = v.size // 2
        v = v[:half] + v[half:]
    return v[0]


def vadd(a, b, t):
    return (np.asarray(a, np.float64) + np.asarray(b, np.float64)).astype(t)


def vcadd(values, t):
    """One repeat of values (at most lanes_of(t)), zero-padded, summed."""
    padded = np.zeros(lanes_of(t), np.float32)
    padded[:len(values)] = np.asarray(values, np.float32)
    return np.asarray(tree(padded)).astype(t)


def row_sum_a5(row, t):
    n = lanes_of(t)
    acc = np.asarray(0.0, t)
    for start in range(0, len(row), n):
        acc = vadd(acc, vcadd(row[start:start + n], t), t)
    return acc


def row_sum_a2a3(row, t):
    n = lanes_of(t)
    cols = len(row)
    if cols <= n:
        return vcadd(row, t)
    whole, tail = divmod(cols, n)
    reps = [np.asarray(row[i * n:(i + 1) * n], t) for i in range(whole)]
    if whole == 1:
        tmp = [reps[0].copy()]
    else:
        tmp = [vadd(reps[2 * i], reps[2 * i + 1], t) for i in range(whole // 2)]
        if whole % 2:
            tmp[0] = vadd(tmp[0], reps[-1], t)
    if tail:
        tmp[0][:tail] = vadd(tmp[0][:tail], row[whole * n:], t)
    while len(tmp) > 1:
        odd = len(tmp) % 2
        merged = [vadd(tmp[2 * i], tmp[2 * i + 1], t) for i in range(len(tmp) // 2)]
        if odd:
            merged[-1] = vadd(merged[-1], tmp[-1], t)
        tmp = merged
    return vcadd(tmp[0], t)


def grouped_row_sum(row):
    """a2a3's vcgadd sequence for an f32 row of 128, 256, 512 or 1024 elements."""
    def blocks(v):
        return np.array([tree(v[i:i + 8]) for i in range(0, len(v), 8)], np.float32)

    def fold16(v):
        v = v.reshape(-1, 2, 8)
        return (v[:, 0, :] + v[:, 1, :]).reshape(-1)

    g = blocks(np.asarray(row, np.float32))
    steps = {128: [fold16], 256: [fold16, fold16], 512: [blocks], 1024: [blocks, fold16]}
    for step in steps[len(row)]:
        g = step(g)
    return tree(g)


def row_sums(x, arch, grouped=False):
    """TROWSUM of every row of x (float32 or float16) as arch computes it."""
    t = x.dtype.type
    if grouped:
        return np.array([grouped_row_sum(r) for r in x], np.float32)
    one = row_sum_a5 if arch == "a5" else row_sum_a2a3
    return np.array([one(r, t) for r in x], t)


def col_sums(x, arch, binary):
    """TCOLSUM of x (rows of float32 or float16) as arch computes it with isBinary = binary."""
    t = x.dtype.type
    rows = [np.asarray(r, t) for r in x]
    if arch == "a2a3":
        if len(rows) == 1:
            return rows[0]
        if not binary:
            acc = rows[0]
            for r in rows[1:]:
                acc = vadd(acc, r, t)
            return acc
        tmp = [vadd(rows[2 * i], rows[2 * i + 1], t) for i in range(len(rows) // 2)]
        if len(rows) % 2:
            tmp[0] = vadd(tmp[0], rows[-1], t)
        while len(tmp) > 1:
            nxt = [vadd(tmp[2 * i], tmp[2 * i + 1], t) for i in range(len(tmp) // 2)]
            if len(tmp) % 2:
                nxt[0] = vadd(nxt[0], tmp[-1], t)
            tmp = nxt
        return tmp[0]
    if not binary:
        acc = rows[0]
        rest = rows[1:]
        for i in range(len(rest) // 2):
            acc = vadd(acc, vadd(rest[2 * i], rest[2 * i + 1], t), t)
        if len(rest) % 2:
            acc = vadd(acc, rest[-1], t)
        return acc
    if len(rows) == 1:
        return vadd(rows[0], np.zeros_like(rows[0]), t)
    tmp = [vadd(rows[2 * i], rows[2 * i + 1], t) for i in range(len(rows) // 2)]
    if len(rows) % 2:
        tmp[-1] = vadd(rows[-1], tmp[-1], t)
    while len(tmp) > 1:
        nxt = [vadd(tmp[2 * i], tmp[2 * i + 1], t) for i in range(len(tmp) // 2)]
        if len(tmp) % 2:
            nxt[-1] = vadd(tmp[-1], nxt[-1], t)
        tmp = nxt
    return tmp[0]


# The tcolsum_npu_<arch> cases: %x 7x64 and %y 13x32 f32, %h 10x128 f16, each summed sequentially
# and binary; %z, one row of signed zeros, binary (its result compared bit for bit).
COLSUM_OUTS = [("xs", "float32"), ("xb", "float32"), ("ys", "float32"), ("yb", "float32"),
               ("hs", "float16"), ("hb", "float16"), ("zb", "uint32")]


def colsum_case(arch, seed):
    """CASE and generate(out_dir) of reduce_expand/tcolsum_npu_<arch>: inputs whose sums tell
    the architecture's orders from the exact sum and from the other architecture's."""
    case = {"arch": arch,
            "args": ["x.bin", "y.bin", "h.bin", "z.bin", "zeros", "zeros", "zeros", "zeros"],
            "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t}
                     for n, t in COLSUM_OUTS]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = (rng.uniform(-1, 1, (7, 64)) * 10.0 ** rng.uniform(-3, 3, (7, 64))).astype(np.float32)
        x[:, 0] = [2.0**24, 1.0, 1.0, -(2.0**24), 1.0, 1.0, 1.0]   # the ones decide
        y = (rng.uniform(-1, 1, (13, 32)) * 10.0 ** rng.uniform(-3, 3, (13, 32))).astype(np.float32)
        h = (np.round(rng.uniform(-100, 100, (10, 128)) * 16) / 16).astype(np.float16)
        z = np.full((1, 32), -0.0, np.float32)
        other = "a2a3" if arch == "a5" else "a5"
        sums = {}
        for name, src in (("x", x), ("y", y), ("h", h)):
            exact = src.astype(np.float64).sum(axis=0).astype(src.dtype)
            for suffix, binary in (("s", False), ("b", True)):
                s = col_sums(src, arch, binary)
                assert (s != exact).any() or (s != col_sums(src, other, binary)).any()
                sums[name + suffix] = s
        sums["zb"] = col_sums(z, arch, True)
        arrays = {"x": x, "y": y, "h": h, "z": z,
                  **{f"{n}.expect": v.reshape(1, -1) for n, v in sums.items()}}
        for name, a in arrays.items():
            np.ascontiguousarray(a).tofile(os.path.join(out_dir, f"{name}.bin"))
    return case, generate


def as_type(x, t):
    """x rounded to t: a numpy float type, or "bf16" (values kept as float32)."""
    if t == "bf16":
        v = np.atleast_1d(np.asarray(x, np.float64).astype(np.float32))
        return from_bf16(to_bf16(v)).reshape(np.shape(x))
    return np.asarray(x, np.float64).astype(t)


def vmul(a, b, t):
    return as_type(np.asarray(a, np.float64) * np.asarray(b, np.float64), t)


def row_prod(line, arch, t):
    """TROWPROD of one row (values of type t, float32 or float16) as arch computes it."""
    lanes = (256 if arch == "a5" else 32) // np.dtype(t).itemsize
    with np.errstate(all="ignore"):
        p = [t(1)] * lanes
        for j, x in enumerate(line):
            p[j % lanes] = vmul(p[j % lanes], x, t)
        if arch == "a5":
            while len(p) > 1:
                half = len(p) // 2
                p = [vmul(p[i], p[i + half], t) for i in range(half)]
            return t(p[0])
        f = np.float32(p[0])
        for v in p[1:]:
            f = np.float32(f * np.float32(v))
        return t(f)


def col_prod(line, arch, t):
    """TCOLPROD of one column (values top to bottom, of type t: a numpy float type or "bf16")
    as arch computes it."""
    with np.errstate(all="ignore"):
        acc = as_type(line[0], t)
        rest = list(line[1:])
        if arch == "a5":
            for i in range(len(rest) // 2):
                acc = vmul(acc, vmul(rest[2 * i], rest[2 * i + 1], t), t)
            if len(rest) % 2:
                acc = vmul(acc, rest[-1], t)
            return acc
        for x in rest:
            acc = vmul(acc, x, t)
        return acc


def prod_case(arch, seed):
    """CASE and generate(out_dir) of reduce_expand/prod_npu_<arch>: trowprod of a 4x256 f32 and
    an 8x320 f16 tile (valid 8x300), tcolprod of a 9x64 f32 tile, factors near 1 so that the
    orders round apart (asserted against left to right in float64)."""
    case = {"arch": arch, "args": ["x.bin", "h.bin", "y.bin"],
            "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t}
                     for n, t in (("rx", "float32"), ("rh", "float16"), ("cy", "float32"))]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = rng.uniform(0.9, 1.1, (4, 256)).astype(np.float32)
        h = rng.uniform(0.97, 1.03, (8, 320)).astype(np.float16)
        y = rng.uniform(0.5, 2.0, (9, 64)).astype(np.float32)
        # The results are column 0 of 4x8 and 8x16 tiles (32-byte rows); the rest stays 0.
        rx = np.zeros((4, 8), np.float32)
        rx[:, 0] = [row_prod(r, arch, np.float32) for r in x]
        rh = np.zeros((8, 16), np.float16)
        rh[:, 0] = [row_prod(r[:300], arch, np.float16) for r in h]
        cy = np.array([col_prod(c, arch, np.float32) for c in y.T], np.float32).reshape(1, -1)
        exact = np.prod(x.astype(np.float64), axis=1).astype(np.float32)
        assert (rx[:, 0] != exact).any()
        arrays = {"x": x, "h": h, "y": y, "rx.expect": rx, "rh.expect": rh, "cy.expect": cy}
        for name, a in arrays.items():
            np.ascontiguousarray(a).tofile(os.path.join(out_dir, f"{name}.bin"))
    return case, generate
