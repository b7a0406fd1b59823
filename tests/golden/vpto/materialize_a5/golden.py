"""vbr (f32, f16, an i8 into ui8 lanes, i32) and vdup (an i16 scalar under a 90-lane mask; a
f32 vector's lowest and highest lanes; a bf16 vector's highest and, by default, lowest lane
under a 37-lane mask). Inactive lanes are zero."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

CASE = {
    "arch": "a5",
    "args": ["in.bin", "zeros:2304"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "uint8"}],
}


def masked(value, lanes, active):
    out = np.zeros(lanes, dtype=value.dtype)
    out[:active] = value
    return out


def generate(out_dir):
    rng = np.random.default_rng(77)
    data = rng.integers(0, 256, size=512, dtype=np.uint8)
    f32 = data.view(np.float32)
    bf16 = data.view(np.uint16)  # bf16 bit patterns
    parts = [
        np.full(64, -3.25, np.float32),
        np.full(128, 1.5e3, np.float16),
        np.full(256, np.uint8(256 - 7), np.uint8),
        np.full(64, 123456789, np.int32),
        masked(np.int16(-1234), 128, 90),
        np.full(64, f32[0], np.float32),
        np.full(64, f32[63], np.float32),
        masked(bf16[255], 128, 37),
        masked(bf16[128], 128, 37),
    ]
    out = np.concatenate([p.view(np.uint8) for p in parts])
    data.tofile(os.path.join(out_dir, "in.bin"))
    out.tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(HERE)
