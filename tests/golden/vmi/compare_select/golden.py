"""pto.vmi.vcmp/vcmps/vsel (docs/semantics.md "VMI layer": Comparisons, Signedness, Masks).

A comparison is false in lanes its seed mask leaves inactive. eq ... ge compare as the NPU's
vcmp: a NaN is unequal to everything (ne holds, the others do not), -0 == +0; oeq ... oge are
IEEE's ordered comparisons (false on a NaN, one too). Integer lanes compare unsigned for signless
iN and uiN, signed for siN; a vcmps scalar is the literal wrapped to the width, read with the
lanes' signedness. vsel copies the true operand's lanes where the mask holds and the false
operand's elsewhere (pmode "merge" the same); results are compared bit for bit.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

INPUTS = ["af", "ai32", "asi32", "aui16", "ai8", "asi8", "asi16", "ah", "ab"]
OUTPUTS = [("of", "uint32"), ("oi32", "int32"), ("osi32", "int32"), ("oui16", "uint16"),
           ("oi8", "int8"), ("osi8", "int8"), ("osi16", "int16"), ("oh", "uint16"),
           ("ob", "uint16")]
CASE = {
    "args": [f"{n}.bin" for n in INPUTS] + [f"{n}.init.bin" for n, _ in OUTPUTS],
    "outs": [{"target": str(len(INPUTS) + i + 1), "expect": f"{n}.expect.bin", "dtype": d}
             for i, (n, d) in enumerate(OUTPUTS)],
}
INF, NAN = np.inf, np.nan


def f_compare(mode, a, b):
    with np.errstate(invalid="ignore"):
        return {"eq": a == b, "ne": ~(a == b), "lt": a < b, "le": a <= b, "gt": a > b,
                "ge": a >= b, "oeq": a == b, "one": (a < b) | (a > b), "olt": a < b,
                "ole": a <= b, "ogt": a > b, "oge": a >= b}[mode]


def sentinel(n, dt):
    return (np.arange(n) * 13 + 7).astype(np.int64).astype(dt)


def generate(out_dir):
    rng = np.random.default_rng(4109)
    arrays = {}
    # f32: 64 lanes of pairs.
    a = rng.uniform(-4, 4, 64).astype(np.float32)
    b = rng.uniform(-4, 4, 64).astype(np.float32)
    pairs = [(1, 2), (2, 1), (2, 2), (NAN, 1), (1, NAN), (NAN, NAN), (0.0, -0.0), (-0.0, 0.0),
             (INF, INF), (-INF, INF), (INF, NAN), (-3, -3), (3e38, INF), (-1.5, -1.25)]
    for i, (x, y) in enumerate(pairs):
        a[2 * i], b[2 * i] = x, y
    a[60:64], b[60:64] = [1, NAN, 5, -0.0], [1, 2, 5, 0.0]        # past the 60-lane seed
    seed = np.arange(64) < 60
    of = sentinel(14 * 64, np.uint32)
    one, zero = np.float32(1).view(np.uint32), np.float32(0).view(np.uint32)
    modes = ["eq", "ne", "lt", "le", "gt", "ge", "oeq", "one", "olt", "ole", "ogt", "oge"]
    c = {m: seed & f_compare(m, a, b) for m in modes}
    for i, m in enumerate(modes):
        of[64 * i:64 * (i + 1)] = np.where(c[m], one, zero)
    of[64 * 12:64 * 13] = np.where(c["lt"], a, b).view(np.uint32)
    of[64 * 13:64 * 14] = np.where(c["ge"], a, b).view(np.uint32)
    arrays.update({"af": np.concatenate([a, b]), "of.init": sentinel(14 * 64, np.uint32),
                   "of.expect": of})

    def int_case(name, dt, lanes, seed, cmps):
        """Output name (its input: "a" for "o"), lanes of dt, seed lanes, [(mode, signed,
        scalar or None)]: each compare as 1/0 lanes."""
        info = np.iinfo(dt)
        xy = rng.integers(info.min, info.max, 2 * lanes, endpoint=True).astype(dt)
        x, y = xy[:lanes], xy[lanes:]
        x[[0, 1, 2, 3]] = np.array([-1, 1, info.min, info.max]).astype(dt)
        y[[0, 1, 2, 3]] = np.array([1, -1, info.max, info.min]).astype(dt)
        y[4::5] = x[4::5]                                   # equal lanes
        out0 = sentinel(lanes * len(cmps), dt)
        out = out0.copy()
        for i, (mode, signed, scalar) in enumerate(cmps):
            bits = 8 * np.dtype(dt).itemsize
            xv = x.astype(np.int64) if signed else x.astype(np.int64) % (1 << bits)
            if scalar is None:
                yv = y.astype(np.int64) if signed else y.astype(np.int64) % (1 << bits)
            else:
                wrapped = scalar % (1 << bits)
                yv = wrapped - (1 << bits) if signed and wrapped >= 1 << (bits - 1) else wrapped
            r = {"lt": xv < yv, "ge": xv >= yv, "gt": xv > yv, "eq": xv == yv,
                 "ne": xv != yv}[mode]
            out[lanes * i:lanes * (i + 1)] = np.where(seed & r, 1, 0).astype(dt)
        arrays.update({"a" + name[1:]: xy, f"{name}.init": out0, f"{name}.expect": out})

    all128 = np.ones(128, bool)
    int_case("oi32", np.int32, 128, all128, [("lt", False, None), ("ge", False, None)])
    int_case("osi32", np.int32, 128, all128, [("lt", True, None), ("ge", True, None)])
    int_case("oui16", np.uint16, 64, np.arange(64) < 32, [("gt", False, 40000)])
    int_case("oi8", np.int8, 256, np.arange(256) < 250, [("lt", False, -1)])
    int_case("osi8", np.int8, 256, np.arange(256) < 250, [("lt", True, -1)])
    int_case("osi16", np.int16, 128, np.arange(128) % 4 == 0, [("eq", True, None),
                                                             ("ne", True, None)])
    # f16 against scalars 0.5 and NaN, first 100 of 128 lanes.
    h = rng.uniform(-2, 2, 128).astype(np.float16)
    h[[0, 1, 2, 3, 4, 5]] = [0.5, NAN, -INF, INF, 0.49975586, -0.0]
    h[[100, 120]] = [1.0, NAN]                               # past the seed
    hseed = np.arange(128) < 100
    one_h, zero_h = np.float16(1).view(np.uint16), np.float16(0).view(np.uint16)
    with np.errstate(invalid="ignore"):
        ge = hseed & (h >= np.float16(0.5))
    ne = hseed.copy()                                        # x ne NaN: every seeded lane
    sh1 = np.where(ne, one_h, zero_h)
    oh = np.concatenate([np.where(ge, one_h, zero_h), sh1, np.full(128, zero_h),
                         np.where(ge, h.view(np.uint16), sh1)]).astype(np.uint16)
    arrays.update({"ah": h, "oh.init": sentinel(512, np.uint16), "oh.expect": oh})
    # bf16: 256 lanes, first 200 seeded.
    bx = to_bf16(rng.uniform(-3, 3, 256).astype(np.float32))
    by = to_bf16(rng.uniform(-3, 3, 256).astype(np.float32))
    by[::3] = bx[::3]
    bx[[1, 4, 7, 10]] = [0x7FC0, 0x0000, 0x7F80, 0x7FC0]
    by[[1, 4, 7, 10]] = [0x7FC0, 0x8000, 0x7F80, 0x3F80]
    bx[[201, 240]] = by[[201, 240]]                          # past the seed
    bseed = np.arange(256) < 200
    fx, fy = from_bf16(bx), from_bf16(by)
    with np.errstate(invalid="ignore"):
        beq = bseed & (fx == fy)
        bne = bseed & ~(fx == fy)
    ob = np.concatenate([np.where(beq, 0x3F80, 0), np.where(bne, bx, by)]).astype(np.uint16)
    arrays.update({"ab": np.concatenate([bx, by]), "ob.init": sentinel(512, np.uint16),
                   "ob.expect": ob})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
