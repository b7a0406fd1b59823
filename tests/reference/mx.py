"""MX quantisation (a5 tquant.mx) one group at a time, as the A5 vector unit computes it
(pto-isa's npu/a5/TQuant.hpp, written here from its description, not from the interpreter).

A group is 32 source elements. Sources are given as float32 values (f32) or as their 16-bit
patterns (bf16, f16: uint16 arrays). quantise_group returns what tquant.mx writes for one
group: the e8m0 exponent byte, the max entry, the scaling entry and one code per element
(an e4m3 byte for MXFP8, an e2m1 nibble for MXFP4).

Stage 1, the group's max. f32: max |x| (NaN if the group holds a NaN). bf16: the largest
`bits & 0x7fff` (an unsigned compare of the magnitude bits: NaN beats inf, the NaN with the
largest pattern wins; the sign is cleared). f16 with OCP: each element is first made a bf16
pattern (inf -> 0x7f80, any NaN -> 0x7fc0, else the f32 value's top 16 bits: truncation), so
the max tile holds bf16 bits in an f16 tile; f16 with NV: the exact f16 |max| bits.

Stage 2, exponent and scaling.
OCP (emax 8 for e4m3, 2 for e2m1), from the max's bf16 bits (16-bit sources) or f32 bits:
exp = E - emax, 0 when E <= emax, 0xff for NaN (E the exponent field; inf is not special:
E = 255 for f32, so exp 247 for e4m3); scaling = 2^(127 - exp), kept as a bf16 pattern in a
16-bit tile (even an f16 one) and as an f32 in an f32 tile; NaN scaling is 0x7f81 (b16 MXFP8),
0x7fc0 (b16 MXFP4), 0x7fc00000 (f32).
NV: m = f32(max) * f32(1/448) (e4m3) or f32(1/6) (e2m1), one f32 multiply rounded to nearest
even; exp is m's exponent field, plus one when m is not a power of two (normal m with a
mantissa, or a subnormal m above 2^-127); scaling = 2^(127 - exp). m = inf (an inf max) gives
exp 0xfe and scaling 2^-127 (f32 0x00400000, bf16 0x0040); m = NaN gives exp 0xff and the NaN
scaling above.

Stage 3, elements: y = f32(x) * f32(scaling) (exact apart from subnormal products, which land
on a zero code anyway); MXFP8: e4m3fn of y, nearest even, |y| >= 448 and inf -> +-448 (0x7e),
NaN -> 0x7f; MXFP4: e2m1 of y on the grid 0 0.5 1 1.5 2 3 4 6, nearest with ties to the even
code, |y| >= 6 and inf -> code 7, the sign kept (-0 and negative underflow -> 0x8), any NaN ->
0x7. Two e2m1 codes share a byte, the even element in the low nibble.
"""
import os

import numpy as np

from reference.narrow_float import F4E2M1, encode
from reference.numerics import from_bf16, to_e4m3

INV448 = 0x3B124925  # f32(1/448)
INV6 = 0x3E2AAAAB    # f32(1/6)


def f32_bits(x):
    return np.asarray(x, np.float32).view(np.uint32)


def f32_of_bits(b):
    return np.asarray(b, np.uint32).view(np.float32)


def f16_bits(values):
    """float values -> f16 patterns (nearest even)."""
    return np.asarray(values, np.float64).astype(np.float16).view(np.uint16)


def f16_of(bits):
    """f16 patterns -> float32 values (exact)."""
    return np.asarray(bits, np.uint16).view(np.float16).astype(np.float32)


def bf16_exact(values):
    """float values that bf16 holds exactly -> their patterns (NaN kept as given by f32)."""
    b = f32_bits(np.asarray(values, np.float32))
    assert not (b & 0xFFFF).any(), "not a bf16 value"
    return (b >> 16).astype(np.uint16)


def widen(kind, vals):
    """Source elements as float32 values (exact)."""
    if kind == "f32":
        return np.asarray(vals, np.float32)
    return from_bf16(vals) if kind == "bf16" else f16_of(vals)


def f16_as_bf16_for_max(h):
    """The bf16 magnitude pattern an f16 element contributes to an OCP max."""
    h = np.asarray(h, np.uint16)
    a = h & 0x7FFF
    trunc = (f32_bits(f16_of(h)) >> 16).astype(np.uint16) & 0x7FFF
    return np.where(a == 0x7C00, 0x7F80, np.where((a & 0x7C00) == 0x7C00, 0x7FC0, trunc)).astype(
        np.uint16)


def group_max(kind, vals, nv):
    """Stage 1: the max entry (f32 value for f32 sources, else a uint16 pattern)."""
    if kind == "f32":
        v = np.asarray(vals, np.float32)
        return np.float32(np.nan) if np.isnan(v).any() else np.float32(np.max(np.abs(v)))
    if kind == "f16" and not nv:
        return np.uint16(np.max(f16_as_bf16_for_max(vals)))
    return np.uint16(np.max(np.asarray(vals, np.uint16) & 0x7FFF))


def ocp_b16(maxbits, fp8):
    """Stage 2, OCP, from bf16 bits of the max: (exp, scaling bf16 pattern)."""
    k = (8 if fp8 else 2) << 7
    e, mant = int(maxbits) & 0x7F80, int(maxbits) & 0x7F
    if e == 0x7F80 and mant:
        return 0xFF, (0x7F81 if fp8 else 0x7FC0)
    sh = max(e, k) - k
    return sh >> 7, 0x7F00 - sh


def ocp_f32(maxval):
    """Stage 2, OCP e4m3, from an f32 max: (exp, scaling f32 pattern)."""
    if np.isnan(maxval):
        return 0xFF, 0x7FC00000
    e = int(f32_bits(maxval)) >> 23 & 0xFF
    x = e - 8 if e > 8 else 0
    return x, (0xFE - x) << 23


def nv(maxval, fp8, b16_tile):
    """Stage 2, NV, from the max as an f32 value: (exp, scaling pattern of the tile's width)."""
    c = f32_of_bits(np.array([INV448 if fp8 else INV6], np.uint32))
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        m = np.array([maxval], np.float32) * c
    b = int(f32_bits(m)[0])
    e, mant = b >> 23 & 0xFF, b & 0x7FFFFF
    if e == 0xFF:
        if mant == 0:
            return 0xFE, (0x0040 if b16_tile else 0x00400000)
        return 0xFF, ((0x7F81 if fp8 else 0x7FC0) if b16_tile else 0x7FC00000)
    up = (mant != 0 and 1 <= e <= 0xFD) or (e == 0 and mant > 0x400000)
    s = e + int(up)
    return s, ((0xFE - s) << 7 if b16_tile else (0xFE - s) << 23)


def to_e2m1(y):
    """float32 values -> e2m1 codes (uint8 0..15): narrow_float's nearest-even with
    saturation at 6, sign kept (also for zeros), but NaN -> 7 (the MX quantiser's NaN becomes
    +6, where narrow_float's encoder gives +0)."""
    y = np.asarray(y, np.float32)
    return np.where(np.isnan(y), 7, encode(y, F4E2M1, "RINT", saturate=True)).astype(np.uint8)


def quantise_group(kind, vals, fp8=True, alg="ocp"):
    """(exp, max, scaling, codes) of one group of 32 source elements; see the module doc.
    max and scaling are f32 values for f32 sources, uint16 patterns for 16-bit ones."""
    is_nv = alg == "nv"
    m = group_max(kind, vals, is_nv)
    if kind == "f32":
        x, sbits = nv(m, fp8, False) if is_nv else ocp_f32(m)
        scaling = f32_of_bits(np.array([sbits], np.uint32))[0]
    else:
        if is_nv:
            mf = (from_bf16 if kind == "bf16" else f16_of)(np.array([m], np.uint16))[0]
            x, sbits = nv(mf, fp8, True)
        else:
            x, sbits = ocp_b16(m, fp8)
        scaling = np.uint16(sbits)
    sf = scaling if kind == "f32" else from_bf16(np.array([sbits], np.uint16))[0]
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        y = (widen(kind, vals) * np.float32(sf)).astype(np.float32)
    codes = to_e4m3(y) if fp8 else to_e2m1(y)
    return np.uint8(x), m, scaling, codes


def quantise_tile(kind, src, fp8=True, alg="ocp", axis=1):
    """A whole source [R, C] in groups of 32 along a row (axis 1) or down a column (axis 0):
    (codes [R, C], exp, max, scaling), the last three as [R, C/32] (axis 1) or [R/32, C]
    (axis 0), group (i, g) of axis 1 being row i's columns 32g..32g+31 and group (j, c) of
    axis 0 column c's rows 32j..32j+31."""
    src = np.asarray(src)
    rows, cols = src.shape
    gr, gc = (rows, cols // 32) if axis == 1 else (rows // 32, cols)
    mdt = np.float32 if kind == "f32" else np.uint16
    codes = np.zeros((rows, cols), np.uint8)
    e = np.zeros((gr, gc), np.uint8)
    m, s = np.zeros((gr, gc), mdt), np.zeros((gr, gc), mdt)
    for i in range(gr):
        for g in range(gc):
            part = (i, slice(32 * g, 32 * g + 32)) if axis == 1 else \
                (slice(32 * i, 32 * i + 32), g)
            e[i, g], m[i, g], s[i, g], codes[part] = quantise_group(kind, src[part], fp8, alg)
    return codes, e, m, s


def interleave_exp(e, cols):
    """axis0 exponents [M/32, N] in the interleaved layout [M/64, cols]: E[p, 2c + d] =
    e[2p + d, c] (pairs of row groups side by side), columns past 2N zero."""
    gr, n = e.shape
    out = np.zeros((gr // 2, cols), np.uint8)
    out[:, :2 * n] = e.reshape(gr // 2, 2, n).transpose(0, 2, 1).reshape(gr // 2, 2 * n)
    return out


def zz_exp(e):
    """Exponents [R, G] (R a multiple of 16, G even) in 16x2 ZZ boxes: for each band of 16
    rows, for each pair of groups, the 16 rows x 2 groups row by row; one byte stream."""
    r, g = e.shape
    return e.reshape(r // 16, 16, g // 2, 2).transpose(0, 2, 1, 3).reshape(-1)


def padded_row(values, cols, dtype):
    """values as the first elements of a [1, cols] row of zeros."""
    out = np.zeros((1, cols), dtype)
    flat = np.asarray(values).reshape(-1)
    out[0, :flat.size] = flat
    return out


def quant_case(ops, kinds, results="qems"):
    """(names, CASE) of a kernel of tquant.mx ops, one per source name in ops ("abcd"): the
    kernel's arguments are each source then its results (results[0] + op, ...), the sources
    read from <op>.bin, the results compared with <name>.expect.bin as kinds (one numpy type
    name per result, in order)."""
    names = [r + op for op in ops for r in results]
    args = [x for op in ops for x in [op] + [r + op for r in results]]
    case = {
        "arch": "a5",
        "args": [f"{n}.bin" if n in ops else "zeros" for n in args],
        "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": k}
                 for n, k in zip(names, kinds)],
    }
    return names, case


def write_quant_case(out_dir, sources, names, results):
    """Writes each source (a dict by name) as <name>.bin and each result as <name>.expect.bin
    (names and results in order)."""
    for name, arr in sources.items():
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, arr in zip(names, results):
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.expect.bin"))
