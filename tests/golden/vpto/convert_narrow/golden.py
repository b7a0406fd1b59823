"""vcvt between f32 / bf16 / f16 and the narrow floats (docs/semantics.md "Register layer",
vcvt): a 4:1 conversion puts lane i's code in byte 4i + p of the 256-byte register (part Pp),
a 2:1 one in byte 2i (EVEN) or 2i + 1 (ODD); the other bytes are 0, so parts merge with vor.
bf16 -> fp4x2 converts bf16 pairs (lanes 2k, 2k + 1) into the byte 4k + p, the first value
in the low nibble. Encoding as reference/narrow_float.py's vcvt_encode (SAT: NaN -> 0 and
infinities to the largest finite value; no sat attribute: NOSAT); fp4 always saturates. A
lane the mask leaves inactive gives 0 bytes. Decoding is exact: 64 f32 from the bytes
4i + p, or 128 bf16 from the fp4 pairs in bytes 4k + p."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import narrow_float as nf
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

CASE = {
    "args": ["x.bin", "xb.bin", "xh.bin", "codes.bin", "zeros:2304", "zeros:384", "zeros:256"],
    "outs": [{"target": "5", "expect": "enc.expect.bin", "dtype": "uint8"},
             {"target": "6", "expect": "dec.expect.bin", "dtype": "float32"},
             {"target": "7", "expect": "dec4.expect.bin", "dtype": "uint16"}],
}


def parts(row, values, ratio, part):
    """Places \\a values' codes in bytes ratio * i + part of the 256-byte \\a row."""
    row[part::ratio][:len(values)] = values
    return row


def inputs():
    rng = np.random.default_rng(4109)
    x = (rng.uniform(-1, 1, 256) * 10.0 ** rng.uniform(-8, 5, 256)).astype(np.float32)
    planted = [0.0, -0.0, np.nan, np.inf, -np.inf, 448.0, 464.0, 480.0, 1000.0, -1000.0,
               57344.0, 61440.0, 1e10, 1.0625, 1.1875, -1.0625, 1.125, 1.375, 2.0 ** -9,
               2.0 ** -10, 2.0 ** -17, 40960.0, -49152.0, 1e-30]
    for start in (0, 64, 128, 192):
        x[start:start + len(planted)] = planted
    xb = to_bf16((rng.uniform(-8, 8, 256)).astype(np.float32))
    small = [0.0, -0.0, 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 7.0, 100.0, -100.0, np.inf,
             -np.inf, np.nan, 0.625, -0.875, 6.0, 60000.0, -1e6]
    xb[:len(small)] = to_bf16(np.array(small, np.float32))
    xb[128:128 + len(small)] = to_bf16(np.array(small[::-1], np.float32))
    xh = (rng.uniform(-1, 1, 128) * 10.0 ** rng.uniform(-7, 4.5, 128)).astype(np.float16)
    xh[:8] = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 40960.0, 480.0, 2.0 ** -24], np.float16)
    codes = rng.permutation(256).astype(np.uint8)
    return x, xb, xh, codes


def encodings(x, xb, xh):
    bf = from_bf16(xb).astype(np.float64)
    xd, hd = x.astype(np.float64), xh.astype(np.float64)
    rows = [np.zeros(256, np.uint8) for _ in range(9)]
    for p in range(4):
        parts(rows[0], nf.vcvt_encode(xd[64 * p:64 * p + 64], nf.E4M3, "RINT", True), 4, p)
    parts(rows[1], nf.vcvt_encode(xd[:64], nf.E5M2, "RINT", False), 4, 0)
    parts(rows[2], nf.vcvt_encode(xd[64:128], nf.HIF8, "ROUND", True), 4, 3)
    parts(rows[3], nf.vcvt_encode(xd[128:168], nf.E4M3, "TRUNC", True), 4, 1)  # 40 lanes on
    for p, (half, mode) in enumerate([(0, "RINT"), (1, "RINT"), (0, "CEIL"), (1, "FLOOR")]):
        nib = nf.encode(bf[128 * half:128 * half + 128], nf.F4E2M1, mode, saturate=True)
        parts(rows[4], nf.pack_fp4(nib), 4, p)
    parts(rows[5], nf.pack_fp4(nf.encode(bf[:128], nf.F4E1M2, "RINT", saturate=True)), 4, 2)
    parts(rows[6], nf.vcvt_encode(bf[:128], nf.E5M2, "RINT", True), 2, 0)
    parts(rows[6], nf.vcvt_encode(bf[128:], nf.E5M2, "RINT", True), 2, 1)
    parts(rows[7], nf.vcvt_encode(hd, nf.HIF8, "ROUND", True), 2, 0)
    parts(rows[8], nf.vcvt_encode(hd, nf.E4M3, "RINT", True), 2, 1)
    return np.concatenate(rows)


def decodings(codes):
    dec = [nf.DECODE[nf.E4M3](codes[p::4]) for p in range(4)]
    dec += [nf.DECODE[nf.HIF8](codes[1::4]), nf.DECODE[nf.E5M2](codes[2::4])]
    dec4 = [to_bf16(nf.DECODE[f](nf.unpack_fp4(codes[p::4])).astype(np.float32))
            for f, p in [(nf.F4E2M1, 0), (nf.F4E1M2, 3)]]
    return np.concatenate(dec).astype(np.float32), np.concatenate(dec4)


def generate(out_dir):
    x, xb, xh, codes = inputs()
    dec, dec4 = decodings(codes)
    save(out_dir, {"x": x, "xb": xb, "xh": xh, "codes": codes, "enc.expect": encodings(x, xb, xh),
                   "dec.expect": dec, "dec4.expect": dec4})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
