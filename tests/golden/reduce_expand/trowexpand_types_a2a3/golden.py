"""TROWEXPAND on A2/A3, all nine element types: dst[i, j] = src[i, 0], copied bit for bit."""
import os

import numpy as np

# (type, numpy storage, rows, source columns, destination columns) in parameter order.
TYPES = [("i8", np.int8, 32, 1, 32),
         ("ui8", np.uint8, 32, 32, 64),
         ("i16", np.int16, 16, 16, 32),
         ("ui16", np.uint16, 16, 1, 16),
         ("i32", np.int32, 16, 8, 16),
         ("ui32", np.uint32, 8, 1, 8),
         ("f16", np.uint16, 16, 16, 64),
         ("bf16", np.uint16, 16, 1, 32),
         ("f32", np.uint32, 16, 1, 32)]
CASE = {
    "arch": "a2a3",
    "args": ["s_i8.bin", "zeros:1024", "s_ui8.bin", "zeros:2048", "s_i16.bin", "zeros:512",
             "s_ui16.bin", "zeros:256", "s_i32.bin", "zeros:256", "s_ui32.bin", "zeros:64",
             "s_f16.bin", "zeros:1024", "s_bf16.bin", "zeros:512", "s_f32.bin", "zeros:512"],
    # Broadcasts copy bits: compared exactly, floats as unsigned patterns.
    "outs": [{"target": str(2 * i + 2), "expect": f"d_{t}.expect.bin", "dtype": dt.__name__}
             for i, (t, dt, _, _, _) in enumerate(TYPES)],
}


def generate(out_dir):
    rng = np.random.default_rng(230)
    for t, dtype, rows, src_cols, dst_cols in TYPES:
        info = np.iinfo(dtype)
        src = rng.integers(info.min, info.max, size=(rows, src_cols), dtype=dtype, endpoint=True)
        dst = np.repeat(src[:, :1], dst_cols, axis=1)
        src.tofile(os.path.join(out_dir, f"s_{t}.bin"))
        dst.tofile(os.path.join(out_dir, f"d_{t}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
