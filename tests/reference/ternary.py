"""TADDC TSUBC TADDSC TSUBSC (i16 i32 f16 f32), TPRELU TLRELU (f16 f32): d = (a + b) + c,
(a - b) + c, (a + k) + c, (a - k) + c, a > 0 ? a : a * b, a > 0 ? a : a * k. Floats compute in
f32 step by step and round once on store; integers wrap. Edges: NaN, +-inf, +-0, values that
overflow f16/f32, MIN/MAX integers; partial valid regions (the rest of each result stays 0).
ternary_case(arch, here) is shared by the case directories for a2a3 and a5
(elementwise/ternary_*)."""
import os
import re

import numpy as np

from .element_types import TYPES, is_float, narrow, values, widen
from .tiles import save


def ternary_case(arch, here):
    """The CASE dict and generate(out_dir) of the case for arch in directory here."""
    HERE = here
    ARCH = arch
    # element type: (shape, valid shape, k of taddsc/tsubsc, slope of tlrelu), as in kernel.pto
    TILES = {
        "f32": ((4, 64), (3, 50), 3.0e38, -0.25),
        "f16": ((8, 32), (5, 29), -60000.0, 0.1),
        "i32": ((2, 48), (2, 40), 2147483647, None),
        "i16": ((6, 16), (4, 13), -32768, None),
    }
    OPS = ["addc", "subc", "addsc", "subsc", "prelu", "lrelu"]

    TMP_PRELU = "f32" if ARCH == "a5" else "f16"  # the type of the tprelu with a tmp operand (prelu_tmp_<type>)

    def _outputs():
        outs = [(f"{op}_{t}", t) for t in TILES for op in OPS if TILES[t][3] or op[-4:] != "relu"]
        return outs + [(f"prelu_tmp_{TMP_PRELU}", TMP_PRELU)]

    def _kernel_args():
        text = open(os.path.join(HERE, "kernel.pto")).read()
        out = []
        for name, r, c in re.findall(r"^\.arg %(\w+) : !pto.tile_buf<vec, (\d+)x(\d+)x", text, re.M):
            out.append(f"{name}.bin" if name[:2] in ("a_", "b_", "c_") else f"zeros:{int(r) * int(c)}")
        return out

    CASE = {
        "arch": ARCH,
        "args": _kernel_args(),
        "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": TYPES[t][1]}
                 for n, t in _outputs()],
    }

    def scalar(t, k):
        """The scalar as the kernel holds it: a constant of the tile's type."""
        return np.asarray(k, TYPES[t][0]).astype(np.float32) if is_float(t) else int(k)

    def reference(t, a, b, c, k, s):
        if is_float(t):
            x, y, z = (widen(t, v).astype(np.float32) for v in (a, b, c))
            k = scalar(t, k)
            with np.errstate(all="ignore"):
                full = {"addc": (x + y) + z, "subc": (x - y) + z, "addsc": (x + k) + z,
                        "subsc": (x - k) + z, "prelu": np.where(x > 0, x, x * y),
                        "lrelu": np.where(x > 0, x, x * scalar(t, s))}
        else:
            x, y, z = (widen(t, v) for v in (a, b, c))
            full = {"addc": (x + y) + z, "subc": (x - y) + z, "addsc": (x + k) + z,
                    "subsc": (x - k) + z}
        with np.errstate(over="ignore"):
            return {op: narrow(t, v) for op, v in full.items()}

    def generate(out_dir):
        rng = np.random.default_rng(731 if ARCH == "a5" else 730)
        files = {}
        for t, (shape, (vr, vc), k, s) in TILES.items():
            a, b, c = (values(t, rng, shape) for _ in range(3))
            b.flat[:7] = b.flat[:7][::-1]  # edges against other edges
            c.flat[:7] = np.roll(c.flat[:7], 3)
            if is_float(t):  # sums that overflow the type, and -0 + -0
                big = 60000.0 if t == "f16" else 3.0e38
                a.flat[7:11] = [big, -big, -0.0, big]
                b.flat[7:11] = [big, big, -0.0, -big]
                c.flat[7:11] = [big, 1.0, -0.0, -big]
            files[f"a_{t}"], files[f"b_{t}"], files[f"c_{t}"] = a, b, c
            for op, v in reference(t, a, b, c, k, s).items():
                out = np.zeros_like(a)
                out[:vr, :vc] = v[:vr, :vc]
                files[f"{op}_{t}.expect"] = out
                if op == "prelu" and t == TMP_PRELU:
                    files[f"prelu_tmp_{t}.expect"] = out
        save(out_dir, files)
    return CASE, generate
