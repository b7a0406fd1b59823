"""tpow / tpows as the NPU computes them (pto-isa's TPow.hpp), step by step in f32.

Each step is one vector instruction of the NPU's sequence: f32 adds, multiplies and divides
round once (numpy's float32 arithmetic), fused multiply-adds round once (fma32, exact), and vln /
vexp round the exact logarithm and exponential once to f32 (as ptorun's register layer does).
"""
import math
from fractions import Fraction

import numpy as np

F32 = np.float32
NAN = F32("nan")
INF = F32("inf")


def bits(x):
    return int(np.array(x, np.float32).view(np.uint32))


def from_bits(b):
    return np.array(b & 0xFFFFFFFF, np.uint32).view(np.float32)[()]


def round_f32(fr):
    """The rational fr rounded once to f32 (nearest, ties to even)."""
    d = float(fr)
    f = F32(d)
    if not np.isfinite(f) or float(f) == d:
        return f
    lo, hi = (f, np.nextafter(f, INF)) if float(f) < d else (np.nextafter(f, -INF), f)
    mid = (Fraction(float(lo)) + Fraction(float(hi))) / 2
    if Fraction(d) != mid or fr == mid:  # the double did not land on an f32 midpoint
        return f
    return hi if fr > mid else lo


def fma32(a, b, c):
    """a * b + c rounded once to f32."""
    a, b, c = F32(a), F32(b), F32(c)
    if not (np.isfinite(a) and np.isfinite(b) and np.isfinite(c)):
        with np.errstate(all="ignore"):
            return F32(float(a) * float(b) + float(c))
    return round_f32(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c)))


def ln(x):
    """The f32 natural logarithm, the exact one rounded once (the C library's, as ptorun's)."""
    x = float(x)
    if np.isnan(x) or x < 0:
        return NAN
    if x == 0:
        return -INF
    return F32(math.log(x)) if np.isfinite(x) else INF


def exp(x):
    x = float(x)
    if np.isnan(x):
        return NAN
    try:
        return F32(math.exp(x))
    except OverflowError:
        return INF


def odd_integer(e):
    """A5: fma(-2, floor(0.5 e), e) == 1."""
    with np.errstate(all="ignore"):
        return fma32(np.floor(e * F32(0.5)), F32(-2.0), e) == F32(1.0)


def special_a5(d, b, e):
    """A5's ProcessFloatSpecialCase over the computed d."""
    if e == 0 or b == 1:
        return F32(1.0)
    if np.isnan(b) or np.isnan(e):
        return NAN
    odd = odd_integer(e)
    if np.isinf(b) or b == 0:
        t = from_bits(bits(b) ^ 0x7F800000) if e < 0 else b
        return t if odd else F32(abs(t))
    if b < 0:
        d = NAN if e != np.floor(e) else (F32(-d) if odd else d)
    if np.isinf(e) and b == -1:
        d = F32(1.0)
    return d


def pow_a5(b, e):
    b, e = F32(b), F32(e)
    with np.errstate(all="ignore"):
        return special_a5(exp(e * ln(F32(abs(b)))), b, e)


def pow_a5_high(b, e):
    """A5's high-precision sequence: log(|b|) as a head and a tail, then exp((head + tail) e)."""
    b, e = F32(b), F32(e)
    with np.errstate(all="ignore"):
        a = F32(abs(b))
        hi = F32(-23.0) if a < F32(1.175494351e-38) else F32(0.0)
        ebits = (bits(a) - bits(F32(0.70710678))) & 0xFF800000
        lo = from_bits(bits(a) - ebits)
        signed = ebits - (1 << 32) if ebits & 0x80000000 else ebits
        hi = fma32(F32(1.19209290e-7), F32(signed), hi)
        p = lo + F32(1.0)
        lo = lo + F32(-1.0)
        r = F32(1.0) / p
        qhi = lo * r
        t = qhi * F32(-2.0)
        t = t + lo
        t2 = fma32(-lo, qhi, t)
        qlo = r * t2
        s = qhi * qhi
        r = fma32(F32(0.129394531), s, F32(0.141957462))
        r = fma32(r, s, F32(0.200015724))
        r = fma32(r, s, F32(0.333333254))
        r = r * s
        qhi = qhi + qhi
        qlo = qlo + qlo
        fhi = hi * F32(6.93147182e-1)
        fhi = fhi + qhi
        t2 = fma32(F32(-6.93147182e-1), hi, fhi)
        flo = qhi - t2
        qhi = fma32(qhi, r, flo)
        t = qlo * F32(3.0)
        qlo = fma32(t, r, qlo)
        qlo = fma32(F32(-1.90465421e-9), hi, qlo)
        qlo = qlo + qhi
        hi = fhi + qlo
        lo = (fhi - hi) + qlo
        phi = hi * e
        plo = fma32(hi, e, -phi)
        plo = fma32(lo, e, plo)
        x = exp(phi)
        x = fma32(plo, x, x)
        if phi >= F32(88.7228390) or phi < F32(-104.0):
            x = INF if phi >= 0 else F32(0.0)
    return special_a5(x, b, e)


def pow_a2a3(b, e):
    """A2/A3 (f32): exp(e ln b), |b|'s version, then the scalar fix-ups."""
    b, e = F32(b), F32(e)
    with np.errstate(all="ignore"):
        tmp = exp(e * ln(F32(abs(b))))
        d = exp(e * ln(b))
    if e == 0:
        return F32(1.0)
    if b == 0:
        return F32(0.0) if e > 0 else INF
    if b == -1 and np.isinf(e):
        return F32(1.0)
    if np.isfinite(e) and e == np.floor(e):
        n = int(min(max(float(e), -2.0**31), 2.0**31 - 1))
        return F32(-tmp) if n % 2 != 0 and b < 0 else tmp
    return d


def ipow_a2a3(b, e):
    """TPowICore on 32-bit ints (a ui32 past 2^31 is negative there); the result wraps."""
    b = (int(b) + 2**31) % 2**32 - 2**31
    e = (int(e) + 2**31) % 2**32 - 2**31
    if e == 0:
        return 1
    if b == 0:
        return 0
    if b == 1:
        return 1
    if b == -1:
        return -1 if e & 1 else 1
    if e < 0:
        return 0
    return pow(b, e, 2**32)


def ipow_a5(b, e, signed, width):
    """Square-and-multiply over every bit of e in width bits (16 for 8-bit elements)."""
    b, e = int(b), int(e)
    if e == 0 or b == 1:
        return 1
    if signed and e < 0 and b != -1:
        return 0
    mask = (1 << width) - 1
    return pow(b & mask, e & mask, 1 << width)


def elementwise(f, base, exponent, out_dtype):
    """f over arrays (exponent may be a scalar), results stored in out_dtype."""
    exponent = np.broadcast_to(exponent, base.shape)
    out = [f(x, y) for x, y in zip(base.ravel().tolist(), exponent.ravel().tolist())]
    if np.issubdtype(out_dtype, np.integer):
        bits_ = 8 * np.dtype(out_dtype).itemsize
        out = [int(v) % 2**bits_ for v in out]
        return np.array(out, dtype=np.uint64).astype(np.dtype(f"u{bits_ // 8}")).view(
            out_dtype).reshape(base.shape)
    with np.errstate(over="ignore"):  # f16 results past 65504 are infinities
        return np.array(out, dtype=np.float32).astype(out_dtype).reshape(base.shape)
