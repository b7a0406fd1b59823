"""Bit-level numpy models of the a5's low-precision float formats and of tcvt to and from them
(docs/semantics.md, "Low-precision formats"): fp8 e4m3fn and e5m2, HiFloat8, e8m0 and the two
fp4 formats (one nibble each; a tile byte holds element 2k in its low nibble).

decode_*(codes) give the exact value of every code as float64 (NaN, +-inf where the format has
them); encode(values, fmt, mode, saturate) gives the codes under a rounding mode, saturating or
not; tcvt_encode / tcvt_decode apply the choices pto-isa's a5 TCVT makes per pair.
"""
import numpy as np

E4M3, E5M2, HIF8, F4E2M1, F4E1M2 = "e4m3", "e5m2", "hif8", "f4e2m1", "f4e1m2"
MODES = ("RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD")


def decode_e4m3(codes):
    """fp8 e4m3fn: bias 7, subnormals m * 2^-9, no infinities, S.1111.111 NaN."""
    c = np.asarray(codes, dtype=np.int64)
    exp, man = (c >> 3) & 15, c & 7
    mag = np.where(exp == 0, man * 2.0 ** -9, (8 + man) * 2.0 ** (exp - 10.0))
    mag = np.where((exp == 15) & (man == 7), np.nan, mag)
    return np.where(c & 0x80, -mag, mag)


def decode_e5m2(codes):
    """fp8 e5m2: bias 15, subnormals m * 2^-16, exponent 31 infinity (m = 0) or NaN."""
    c = np.asarray(codes, dtype=np.int64)
    exp, man = (c >> 2) & 31, c & 3
    mag = np.where(exp == 0, man * 2.0 ** -16, (4 + man) * 2.0 ** (exp - 17.0))
    mag = np.where(exp == 31, np.where(man == 0, np.inf, np.nan), mag)
    return np.where(c & 0x80, -mag, mag)


def _hif8_magnitude(v):
    """The value of the 7 bits after HiFloat8's sign."""
    if v == 0:
        return 0.0
    if v < 8:                        # dot 0000: denormals 2^(m - 23)
        return 2.0 ** (v - 23)
    # dot field -> exponent width: 0001 -> 0, 001 -> 1, 01 -> 2, 10 -> 3, 11 -> 4
    width, dot_len = {1: (0, 4), 2: (1, 3), 3: (1, 3)}.get(v >> 3, (None, None))
    if width is None:
        width, dot_len = {1: 2, 2: 3, 3: 4}[v >> 5], 2
    rest_len = 7 - dot_len
    rest = v & ((1 << rest_len) - 1)
    man_len = rest_len - width
    man = rest & ((1 << man_len) - 1)
    exp = 0
    if width:
        ebits = rest >> man_len
        magnitude = (1 << (width - 1)) | (ebits & ((1 << (width - 1)) - 1))
        exp = -magnitude if ebits >> (width - 1) else magnitude
    if width == 4 and exp == 15 and man == 1:
        return np.inf
    return (1 + man / 2.0 ** man_len) * 2.0 ** exp


def decode_hif8(codes):
    """HiFloat8: sign, dot field, sign-magnitude exponent with an implicit leading 1, mantissa;
    0x00 the one zero, 0x80 NaN, 0x6f / 0xef infinities."""
    c = np.asarray(codes, dtype=np.int64)
    mag = np.array([_hif8_magnitude(int(v) & 0x7f) for v in c.ravel()]).reshape(c.shape)
    out = np.where(c & 0x80, -mag, mag)
    return np.where(c == 0x80, np.nan, out)


def decode_e8m0(codes):
    """e8m0 scale: 2^(c - 127), 0xff NaN."""
    c = np.asarray(codes, dtype=np.int64)
    return np.where(c == 255, np.nan, 2.0 ** (c - 127.0))


def decode_f4e2m1(nibbles):
    """fp4 e2m1: bias 1, one mantissa bit: 0 0.5 1 1.5 2 3 4 6."""
    n = np.asarray(nibbles, dtype=np.int64) & 15
    exp, man = (n >> 1) & 3, n & 1
    mag = np.where(exp == 0, man * 0.5, (2 + man) * 2.0 ** (exp - 2.0))
    return np.where(n & 8, -mag, mag)


def decode_f4e1m2(nibbles):
    """fp4 e1m2: bias 1, two mantissa bits: 0 to 1.75 in quarters."""
    n = np.asarray(nibbles, dtype=np.int64) & 15
    mag = (n & 7) * 0.25
    return np.where(n & 8, -mag, mag)


DECODE = {E4M3: decode_e4m3, E5M2: decode_e5m2, HIF8: decode_hif8,
          F4E2M1: decode_f4e2m1, F4E1M2: decode_f4e1m2}
# sign bit, infinity code, NaN code, the value one step past the largest finite one
_SPECS = {E4M3: (0x80, None, 0x7f, 480.0), E5M2: (0x80, 0x7c, 0x7e, 65536.0),
          HIF8: (0x80, 0x6f, 0x80, 49152.0), F4E2M1: (8, None, None, 8.0),
          F4E1M2: (8, None, None, 2.0)}


def _finite_table(fmt):
    """(values, codes) of the finite non-negative codes, ascending."""
    sign_bit = _SPECS[fmt][0]
    codes = np.arange(sign_bit)
    values = DECODE[fmt](codes)
    keep = np.isfinite(values)
    order = np.argsort(values[keep], kind="stable")
    return values[keep][order], codes[keep][order]


def _pick_up(a, lo, hi, lo_code, hi_code, negative, mode):
    if mode == "TRUNC":
        return False
    if mode == "FLOOR":
        return negative
    if mode == "CEIL":
        return not negative
    if mode == "ODD":
        return lo_code % 2 == 0 and hi_code % 2 == 1
    below, above = a - lo, hi - a
    if below != above:
        return above < below
    return mode == "ROUND" or lo_code % 2 == 1          # ties: away, or to the even code


def encode_one(x, fmt, mode="RINT", saturate=True):
    """The code of the float x (see the module doc and narrow_float.h's EncodeNarrow)."""
    sign_bit, inf_code, nan_code, past = _SPECS[fmt]
    values, codes = _finite_table(fmt)
    largest = int(codes[-1])
    x = float(x)
    negative = np.signbit(x)
    one_zero = fmt == HIF8
    sign = sign_bit if negative and not (one_zero and x == 0) else 0
    if np.isnan(x):
        return 0 if nan_code is None else (nan_code if one_zero else sign | nan_code)
    a = abs(x)
    if np.isinf(a):
        if inf_code is not None:
            return sign | inf_code
        return sign | (largest if saturate or nan_code is None else nan_code)
    i = int(np.searchsorted(values, a, side="left"))
    beyond = i == len(values)
    if not beyond and values[i] == a:
        return 0 if a == 0 and one_zero else sign | int(codes[i])
    lo, lo_code = float(values[i - 1]), int(codes[i - 1])
    hi, hi_code = (max(past, a), largest + 1) if beyond else (float(values[i]), int(codes[i]))
    up = _pick_up(a, lo, hi, lo_code, hi_code, negative, mode)
    if mode == "ODD" and beyond:
        up = False
    if up and beyond:                                   # overflow
        if saturate or nan_code is None:
            return sign | largest
        return sign | (inf_code if inf_code is not None else nan_code)
    code = hi_code if up else lo_code
    return 0 if code == 0 and one_zero else sign | code


def encode(values, fmt, mode="RINT", saturate=True):
    """encode_one over an array: uint8 codes (fp4: nibbles)."""
    v = np.asarray(values, dtype=np.float64)
    out = [encode_one(x, fmt, mode, saturate) for x in v.ravel()]
    return np.array(out, dtype=np.uint8).reshape(v.shape)


def vcvt_encode(values, fmt, mode="RINT", saturate=True):
    """vcvt's narrowing into fp8 / HiFloat8 (the register and VMI layers): with SAT, NaN gives
    +0 (code 0) and infinities the largest finite value of their sign before encoding; without
    it the encoding's own NaN, infinity and overflow codes stand."""
    largest = int(_finite_table(fmt)[1][-1])
    out = []
    for v in np.asarray(values, np.float64).ravel():
        if saturate and np.isnan(v):
            out.append(0)
        elif saturate and np.isinf(v):
            out.append((_SPECS[fmt][0] if v < 0 else 0) | largest)
        else:
            out.append(encode_one(v, fmt, mode, saturate))
    return np.array(out, np.uint8)


# --- tcvt (pto-isa's a5 TCvt.hpp) ---------------------------------------------------------------

def tcvt_mode(fmt, rmode):
    """The rounding a5 TCVT applies when narrowing into fmt: fp8 nearest even (its vcvt is
    ROUND_R), HiFloat8 ties away (ROUND_A), fp4 the written mode with ODD and NONE as RINT."""
    if fmt in (E4M3, E5M2):
        return "RINT"
    if fmt == HIF8:
        return "ROUND"
    return "RINT" if rmode in ("ODD", "NONE", None) else rmode


def tcvt_encode(values, fmt, rmode="RINT"):
    """tcvt from f32 / f16 / bf16 values into fmt; nothing saturates but fp4 (no infinity)."""
    return encode(values, fmt, tcvt_mode(fmt, rmode), saturate=fmt in (F4E2M1, F4E1M2))


def pack_fp4(nibbles):
    """Row-major nibbles (..., 2n) -> bytes (..., n): element 2k in the low nibble."""
    n = np.asarray(nibbles, dtype=np.uint8)
    return (n[..., 0::2] & 15) | ((n[..., 1::2] & 15) << 4)


def unpack_fp4(packed):
    """Bytes (..., n) -> nibbles (..., 2n), low nibble first."""
    b = np.asarray(packed, dtype=np.uint8)
    out = np.empty(b.shape[:-1] + (b.shape[-1] * 2,), dtype=np.uint8)
    out[..., 0::2], out[..., 1::2] = b & 15, b >> 4
    return out
