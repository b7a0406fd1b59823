"""The NPU's own sequences for single instructions where they differ from the exact result
(docs/semantics.md, "The NPU's arithmetic"), each step rounded to its type (numpy's float32
and float16 operations are IEEE, one rounding each; float16's go through float32, which is
innocuous for + - * /: 24 >= 2 * 11 + 2):

- rsqrt_steps: TRSQRT as vsqrt then 1 / root (a5 always, a2a3 with its tmp tile), the root
  rounded to the type before the division.
- remainder_steps: the default TREM/TREMS/TFMOD/TFMODS on f32: q = a / b, n = floor (rem) or
  trunc (fmod) of q, r = a - n * b, then the floor forms' sign fix (where r * b < 0, r + b).
- remainder_f16_a5: a5's f16 forms, the steps in f32, r rounded toward zero to f16, trem's
  sign fix in f16.
- remainder_high_a5: a5's high-precision TREM on f32: the exact fmod, then the sign fix.
- int_remainder_a2a3: a2a3's TREM/TREMS on i32, through f32.
- expdif_case: reduce_expand/expdif_npu_*: TROWEXPANDEXPDIF and TCOLEXPANDEXPDIF, the
  difference rounded to the type first (vsub, vexp), except a5's f32 (one vexpdif).
"""
import os

import numpy as np

I32 = np.iinfo(np.int32)


def rsqrt_steps(p32, narrow):
    """1 / sqrt(p) with the root rounded to the tile type (narrow: f32 values to the type's)
    before the division; p32: the tile's values as float32."""
    root = narrow(np.sqrt(p32)).astype(np.float32)
    return narrow(np.float32(1.0) / root)


def _sign_fix(r, b, lane_quirk, add):
    """r + b where r * b < 0 (in r's type). lane_quirk: a2a3's trems decides column c of a row
    by column c mod 64 (its vsel takes CMPMASK's first 64 bits for every repeat)."""
    neg = (r * b).astype(r.dtype) < 0
    if lane_quirk:
        neg = neg[:, np.arange(r.shape[1]) % 64]
    return np.where(neg, add(r, b), r).astype(r.dtype)


def remainder_steps(a, b, floor_mod, sign_fix, lane_quirk=False):
    """The default sequence on float32 a and b (b an array of a's shape or a scalar)."""
    a = np.asarray(a, np.float32)
    b = np.broadcast_to(np.asarray(b, np.float32), a.shape)
    with np.errstate(all="ignore"):
        q = a / b
        n = np.floor(q) if floor_mod else np.trunc(q)
        r = a - n * b
        if sign_fix:
            r = _sign_fix(r, b, lane_quirk, lambda x, y: x + y)
    return r.astype(np.float32)


def toward_zero_f16(x32):
    """float32 values rounded toward zero to float16 (finite values saturate)."""
    h = x32.astype(np.float16)
    with np.errstate(all="ignore"):
        away = np.abs(h.astype(np.float32)) > np.abs(x32)
        return np.where(away, np.nextafter(h, np.float16(0)), h).astype(np.float16)


def remainder_f16_a5(a16, b16, floor_mod, sign_fix):
    """a5's f16 forms: the f32 steps on the widened operands, toward zero to f16, then trem's
    sign fix in f16."""
    b16 = np.broadcast_to(np.asarray(b16, np.float16), a16.shape)
    r32 = remainder_steps(a16.astype(np.float32), b16.astype(np.float32), floor_mod, False)
    r = toward_zero_f16(r32)
    if sign_fix:
        with np.errstate(all="ignore"):
            r = _sign_fix(r, b16, False, lambda x, y: (x + y).astype(np.float16))
    return r


def remainder_high_a5(a, b):
    """a5's high-precision TREM on f32: the exact fmod, then the sign fix (its r * b rounded to
    f32, so a product that underflows to zero leaves the sign as it is)."""
    a = np.asarray(a, np.float32)
    b = np.broadcast_to(np.asarray(b, np.float32), a.shape)
    with np.errstate(all="ignore"):
        r = np.fmod(a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
        return _sign_fix(r, b, False, lambda x, y: x + y)


def _i32_sat(x):
    return np.clip(x, I32.min, I32.max).astype(np.int64)


def int_remainder_a2a3(a, b, scalar):
    """a2a3's TREM (b a tile) and TREMS (b a scalar) on i32 a: through f32 (nearest), the
    quotient floored to i32, a - n * b in i32 (wrapping; trem's b and both forms' a as their
    f32 round trip left them), the sign fix in f32 (trems with the lane quirk), truncated
    back to i32 (saturating)."""
    a = np.asarray(a, np.int32)
    b = np.broadcast_to(np.asarray(b, np.int32), a.shape)
    af, bf = a.astype(np.float32), b.astype(np.float32)
    with np.errstate(all="ignore"):
        n = _i32_sat(np.floor(af / bf).astype(np.float64))
        a2 = _i32_sat(af.astype(np.float64))
        b2 = b.astype(np.int64) if scalar else _i32_sat(bf.astype(np.float64))
        diff = (a2 - n * b2 + 2**31) % 2**32 - 2**31
        df = diff.astype(np.float32)
        r = _sign_fix(df, bf, scalar, lambda x, y: x + y)
    return _i32_sat(np.trunc(r.astype(np.float64))).astype(np.int32)


def expdif(x, s, rounds_difference):
    """exp(x - s) rounded once to x's type; the difference rounded to it first when asked."""
    s = np.broadcast_to(s, x.shape)
    diff = (x - s) if rounds_difference else x.astype(np.float64) - s.astype(np.float64)
    return np.exp(diff.astype(np.float64)).astype(x.dtype)


def expdif_case(arch, seed):
    """CASE and generate(out_dir) of reduce_expand/expdif_npu_<arch>: |a| up to 20 (f16: 10)
    against small broadcast values, so that the rounded difference shows; the results with
    the exact difference are counted against the NPU's."""
    case = {
        "arch": arch,
        "args": ["a.bin", "r.bin", "c.bin", "h.bin", "rh.bin", "ch.bin"],
        "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float32"}
                 for n in ("row", "col")]
        + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float16"}
           for n in ("row_h", "col_h")],
    }

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        sign = lambda shape: np.where(rng.random(shape) < 0.5, -1, 1)
        small = lambda shape, lo, hi: sign(shape) * 10.0 ** rng.uniform(lo, hi, shape)
        a = rng.uniform(-20, 20, (8, 64)).astype(np.float32)
        r, c = small((8, 1), -7, -3).astype(np.float32), small((1, 64), -7, -3).astype(np.float32)
        h = rng.uniform(-10, 10, (8, 64)).astype(np.float16)
        rh, ch = small((8, 1), -4, -1).astype(np.float16), small((1, 64), -4, -1).astype(np.float16)
        f32_rounds = arch == "a2a3"
        npu = {"row": expdif(a, r, f32_rounds), "col": expdif(a, c, f32_rounds),
               "row_h": expdif(h, rh, True), "col_h": expdif(h, ch, True)}
        exact = {"row": expdif(a, r, False), "col": expdif(a, c, False),
                 "row_h": expdif(h, rh, False), "col_h": expdif(h, ch, False)}
        for name in npu:
            differ = int((npu[name] != exact[name]).sum())
            assert differ >= 5 or (name in ("row", "col") and not f32_rounds), (name, differ)
        for name, v in {"a": a, "r": r, "c": c, "h": h, "rh": rh, "ch": ch}.items():
            v.tofile(os.path.join(out_dir, f"{name}.bin"))
        for name, v in npu.items():
            v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))

    return case, generate
