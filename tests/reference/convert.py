"""The golden cases of tcvt to and from the low-precision formats (tests/golden/convert/):
decoding every code, and encoding edge values (every midpoint between neighbouring codes and
next to it, subnormals, overflow, infinities, NaN, zeros) under the rounding modes and
saturation settings a kernel writes. Expected values come from reference.narrow_float.
"""
import os

import numpy as np

from reference import narrow_float as nf
from reference.numerics import from_bf16, to_bf16

F32_NAN, F32_NEG_NAN = np.uint32(0x7FC00000), np.uint32(0xFFC00000)


def _decoded_f32_bits(codes, fmt):
    """tcvt's f32 result for fp8 / HiFloat8 codes, as bits: NaN codes give f32's quiet NaN,
    negative for fp8 codes with the sign bit."""
    values = nf.DECODE[fmt](codes)
    bits = values.astype(np.float32).view(np.uint32)
    negative = (np.asarray(codes) & 0x80) != 0 if fmt != nf.HIF8 else np.zeros(len(codes), bool)
    nan = np.where(negative, F32_NEG_NAN, F32_NAN)
    return np.where(np.isnan(values), nan, bits).astype(np.uint32)


def decode_case(fmt, seed):
    """tcvt of every byte (in a seeded order, 8x32) of fmt to f32 (fp8, HiFloat8) or to bf16
    (fp4 pairs: 8x64 results, element 2k from the low nibble). Compared bit for bit."""
    fp4 = fmt in (nf.F4E2M1, nf.F4E1M2)
    case = {"arch": "a5", "args": ["x.bin", "zeros:" + str(512 if fp4 else 256)],
            "outs": [{"target": "2", "expect": "y.expect.bin",
                      "dtype": "uint16" if fp4 else "uint32"}]}

    def generate(out_dir):
        codes = np.random.default_rng(seed).permutation(256).astype(np.uint8)
        if fp4:
            values = nf.DECODE[fmt](nf.unpack_fp4(codes.reshape(8, 32)))
            expect = to_bf16(values.astype(np.float32))
        else:
            expect = _decoded_f32_bits(codes, fmt).reshape(8, 32)
        codes.reshape(8, 32).tofile(os.path.join(out_dir, "x.bin"))
        expect.tofile(os.path.join(out_dir, "y.expect.bin"))

    return case, generate


def edge_values(fmt, count, rng):
    """count values: every finite value of fmt and every midpoint between neighbours, both
    signs, the midpoints nudged by an eighth of the gap either way, values past the largest
    (the overflow midpoint, double it), infinities, NaN, signed zeros; random values within
    1.25 times the range fill the rest."""
    values, _ = nf._finite_table(fmt)
    mids = (values[:-1] + values[1:]) / 2
    gaps = (values[1:] - values[:-1]) / 8
    largest, past = values[-1], nf._SPECS[fmt][3]
    specials = [(largest + past) / 2, largest + gaps[-1], 2 * past, 1e30, np.inf, np.nan, 0.0,
                values[1] / 4]
    pos = np.concatenate([values, mids, mids - gaps, mids + gaps, specials])
    picked = np.concatenate([pos, -pos])
    if picked.size > count:   # keep the midpoints and specials first
        order = np.concatenate([np.arange(values.size, pos.size),
                                np.arange(values.size)])
        picked = np.concatenate([pos[order], -pos[order]])[:count]
    fill = rng.uniform(-1.25 * largest, 1.25 * largest, count - picked.size)
    return rng.permutation(np.concatenate([picked, fill]))


def encode_case(src, fmt, outs, rows, cols, seed):
    """tcvt of rows x cols src values (f32, f16 or bf16) into fmt, once per (name, rmode) of
    outs (the kernel's attributes; None: none written). The results are codes, compared
    exactly; the fp4 results are packed pairs (rows x cols/2 bytes)."""
    fp4 = fmt in (nf.F4E2M1, nf.F4E1M2)
    n_out = rows * cols // (2 if fp4 else 1)
    case = {"arch": "a5", "args": ["x.bin"] + [f"zeros:{n_out}"] * len(outs),
            "outs": [{"target": str(i + 2), "expect": f"{name}.expect.bin", "dtype": "uint8"}
                     for i, (name, _) in enumerate(outs)]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        values = edge_values(fmt, rows * cols, rng).reshape(rows, cols)
        if src == "bf16":
            stored = to_bf16(values.astype(np.float32))
            exact = from_bf16(stored).astype(np.float64)
        else:
            with np.errstate(over="ignore"):  # past f16's range: infinity, as intended
                stored = values.astype(np.float32 if src == "f32" else np.float16)
            exact = stored.astype(np.float64)
        stored.tofile(os.path.join(out_dir, "x.bin"))
        for name, rmode in outs:
            codes = nf.tcvt_encode(exact, fmt, rmode)
            if fp4:
                codes = nf.pack_fp4(codes)
            codes.tofile(os.path.join(out_dir, f"{name}.expect.bin"))

    return case, generate
