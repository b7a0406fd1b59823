"""Fixpipe per-channel quantisation on a2a3: tstore.fp, tmov.fp, textract_fp, tinsert_fp.

Channel j (column j of the moved block) has parameter word fp[j]: bits 0-31 an f32 scale, bits
37-45 a 9-bit signed offset. y = x * scale in float64 (exact); integer results round to
nearest even, add the offset and saturate (NaN -> 0); f16 results round once (docs/semantics.md,
"Fixpipe quantisation"). accf = af x I holds af exactly; acci = ai x 100 I holds 100 ai.
"""
import os

import numpy as np

SCALES = np.array([0.5, 0.25, 1 / 3, 0.01, 1.0, 2.0, -1.0, 1e-3, 0.1, 3.0, -0.5, 0.75, 1.5, 0.2,
                   0.05, 4.0, 0.125, 0.3, -2.0, 0.02, 1.25, 0.6, 0.001, 8.0, 0.4, -0.25, 0.9,
                   0.07, 2.5, 0.015625, 1e-4, 0.33], np.float32)
OFFSETS = np.array([0, 3, -3, 255, -256, 10, 0, -7, 1, 0, 100, -100, 2, 5, -5, 0] * 2, np.int64)

CASE = {
    "args": ["af.bin", "id.bin", "ai.bin", "di.bin", "fp.bin", "zeros", "zeros"],
    "outs": [{"target": "6", "expect": "st_u8.expect.bin", "dtype": "uint8"},
             {"target": "mov_i8", "expect": "mov_i8.expect.bin", "dtype": "int8"},
             {"target": "7", "expect": "st_i8.expect.bin", "dtype": "int8"},
             {"target": "mov_f16", "expect": "mov_f16.expect.bin", "dtype": "float16",
              "rtol": 0, "atol": 0},
             {"target": "ext_u8", "expect": "ext_u8.expect.bin", "dtype": "uint8"},
             {"target": "ins_i8", "expect": "ins_i8.expect.bin", "dtype": "int8"}],
}


def param_words():
    bits = SCALES.view(np.uint32).astype(np.uint64)
    return bits | ((OFFSETS.astype(np.uint64) & np.uint64(0x1FF)) << np.uint64(37))


def quant(x, dtype, cols):
    """x (float64 values, columns = channels 0..) quantised to dtype with channels 0..cols-1."""
    y = x[:, :cols] * SCALES[:cols].astype(np.float64)
    if np.dtype(dtype).kind == "f":
        with np.errstate(over="ignore"):
            return y.astype(dtype)  # beyond the range: +-inf
    info = np.iinfo(dtype)
    with np.errstate(invalid="ignore"):
        r = np.clip(np.rint(y) + OFFSETS[:cols], info.min, info.max)
    return np.where(np.isnan(y), 0, r).astype(dtype)


def generate(out_dir):
    rng = np.random.default_rng(6021)
    af = rng.uniform(-300, 300, size=(16, 16)).astype(np.float32)
    af[0, :8] = [2.5, 3.5, -2.5, 1e9, -1e9, 0.0, -0.0, 0.5]  # ties, saturation, zeros
    af[1, :4] = [1.5 * 3, 7.5 * 4, 6.0, -6.0]                # ties after scaling
    ai = rng.integers(-128, 128, size=(16, 32)).astype(np.int8)
    ai[0, :4] = [-128, 127, 0, 1]
    di = (np.eye(32) * 100).astype(np.int8)
    accf = af.astype(np.float64)[:12, :13] + 0.0  # the product sum starts at +0: -0 gives +0
    acci = ai.astype(np.float64) * 100

    st_u8 = quant(accf, np.uint8, 13)
    mov_i8 = np.zeros((16, 32), np.int8)
    mov_i8[:12, :13] = quant(accf, np.int8, 13)
    st_i8 = quant(acci, np.int8, 32)
    mov_f16 = quant(acci, np.float16, 32)
    ext_u8 = np.zeros((8, 32), np.uint8)
    ext_u8[:, :16] = quant(acci[4:12, 8:24], np.uint8, 16)
    ins_i8 = np.zeros((16, 32), np.int8)
    ins_i8[2:14, 16:29] = quant(accf, np.int8, 13)

    files = {"af": af, "id": np.eye(16, dtype=np.float32), "ai": ai, "di": di,
             "fp": param_words(), "st_u8.expect": st_u8, "mov_i8.expect": mov_i8,
             "st_i8.expect": st_i8, "mov_f16.expect": mov_f16, "ext_u8.expect": ext_u8,
             "ins_i8.expect": ins_i8}
    for name, arr in files.items():
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
