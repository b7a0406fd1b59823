"""a5's high-precision divisions (pto-isa a5 custom/Div754.hpp), evaluated step by step in
numpy from that header's sequence (docs/semantics.md, "The NPU's arithmetic"): each vector
instruction rounds to its type (float32 and float16 operations are IEEE in numpy; the fused
residual a + z * y is formed exactly in float64 and rounded once, as vmula does); vdiv is
taken as IEEE.

- compensated_f32: TDIV on f32 (DivDiffCompensationFloatImpl).
- ieee754_f32: TDIVS, TRECIP, TROWEXPANDDIV, TCOLEXPANDDIV on f32 (DivIEEE754FloatImpl).
- ieee754_f16: every f16 division (DivIEEE754HalfImpl).
"""
import numpy as np

F32 = dict(ft=np.float32, ut=np.uint32, shift=23, bias=127, tiny=-23, top=255,
           sign=0x80000000, inf=0x7F800000, sub=0x00400000, man=0x807FFFFF, one=0x3F800000,
           maxsub=0x007FFFFF, nan=0x7FC00000, enlarge=2.0 ** 23, adjust=23)
F16 = dict(ft=np.float16, ut=np.uint16, shift=10, bias=15, tiny=-9, top=31, sign=0x8000,
           inf=0x7C00, sub=0x0200, man=0x83FF, one=0x3C00, maxsub=0x03FF, nan=0x7E00,
           enlarge=2.0 ** 10, adjust=10)


def _val(bits, f):
    return np.asarray(bits).astype(f["ut"]).view(f["ft"])


def _bits(x, f):
    return np.asarray(x, f["ft"]).view(f["ut"]).astype(np.int64)


def _fused_residual(q, y, a):
    """|a + q * y| rounded once to float32."""
    return np.abs((q.astype(np.float64) * y.astype(np.float64) + a.astype(np.float64))
                  .astype(np.float32))


def _compensate(a, b, z):
    """z or its neighbour (+-1 on the bits) with the smallest residual; a tie takes z - 1."""
    f = F32
    y = -b
    z_pre = _val(_bits(z, f) - 1, f)
    z_next = _val(_bits(z, f) + 1, f)
    r, r_pre, r_next = (_fused_residual(q, y, a) for q in (z, z_pre, z_next))
    take_pre = ~(r < r_pre)
    best = np.where(take_pre, z_pre, z)
    r = np.where(take_pre, r_pre, r)
    return np.where(r_next < r, z_next, best).astype(np.float32)


def compensated_f32(a, b):
    a, b = np.broadcast_arrays(np.asarray(a, np.float32), np.asarray(b, np.float32))
    with np.errstate(all="ignore"):
        z = (a / b).astype(np.float32)
        special = (z == 0) | ((_bits(z, F32) | 0x80000000) >= 0xFF800000)
        exp_a = ((_bits(a, F32) & 0x7F800000) >> 23) - 127
        scale = np.where(exp_a < -64, _val((np.maximum(-64 - exp_a, 0) + 127) << 23, F32), 1.0)
        scale = scale.astype(np.float32)
        return np.where(special, z, _compensate(a * scale, b * scale, z)).astype(np.float32)


def _ieee754(a, b, f):
    ft = f["ft"]
    a, b = np.broadcast_arrays(np.asarray(a, ft), np.asarray(b, ft))
    ua, ub = _bits(a, f) & ~f["sign"], _bits(b, f) & ~f["sign"]
    valid = (ua != f["inf"]) & (ub != f["inf"]) & (ua != 0) & (ub != 0)
    maxsub = _val(f["maxsub"], f)
    big = ft(f["enlarge"])
    a_sub = (np.abs(a) == maxsub) if ft == np.float32 else (np.abs(a) < maxsub)
    b_sub = np.abs(b) < maxsub
    a_all = np.where(a_sub, a * big, a).astype(ft)
    b_all = np.where(b_sub, b * big, b).astype(ft)
    adjust = np.where(a_sub, -f["adjust"], 0) + np.where(b_sub, f["adjust"], 0)
    norm = lambda x: _val((_bits(x, f) & f["man"]) + f["one"], f)
    a_n = np.where(valid, norm(a_all), a_all).astype(ft)
    b_n = np.where(valid, norm(b_all), b_all).astype(ft)
    d = (a_n / b_n).astype(ft)
    if ft == np.float32:
        d = np.where(valid, _compensate(a_n, b_n, d), d).astype(ft)
    norm_le = valid & (np.abs(a_n) <= np.abs(b_n))
    d = (d * _val((adjust + f["bias"]) << f["shift"], f)).astype(ft)
    sign = _bits(d, f) & f["sign"]
    scale = (((_bits(a_all, f) & f["inf"]) >> f["shift"]) -
             ((_bits(b_all, f) & f["inf"]) >> f["shift"]) + f["bias"])
    live = valid.copy()
    m = live & (scale == f["tiny"])
    d = np.where(m, _val(sign | np.where(norm_le, 0, 1), f), d)
    live &= ~m
    m = live & (scale < f["tiny"])
    d = np.where(m, _val(sign, f), d)
    live &= ~m
    m = live & (scale == f["top"])
    scale = np.where(m, scale - 1, scale)
    d = np.where(m, (d * ft(2)).astype(ft), d)
    m = live & (scale > f["top"])
    d = np.where(m, _val(sign | f["inf"], f), d)
    live &= ~m
    factor = np.where(scale > 0, np.maximum(scale, 0) << f["shift"],
                      f["sub"] >> np.minimum(np.abs(scale), 31))
    d = np.where(live, (d * _val(factor, f)).astype(ft), d)
    return np.where(np.isnan(a) | np.isnan(b), _val(f["nan"], f), d).astype(ft)


def ieee754_f32(a, b):
    with np.errstate(all="ignore"):
        return _ieee754(a, b, F32)


def ieee754_f16(a, b):
    with np.errstate(all="ignore"):
        return _ieee754(a, b, F16)
