"""a5's high-precision texp and tlog on inputs whose exponentials are subnormal (texp) and on
subnormal inputs (tlog), where their two-step sequences round twice (pto-isa a5
TExp_Custom.hpp, TLog_Custom.hpp); the default mode's results (one rounding) beside them."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402

CASE = {
    "arch": "a5",
    "args": ["x.bin", "h.bin", "p.bin", "q.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float32"} for n in ("exp", "log", "exp_d", "log_d")]
    + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float16"} for n in ("exp_h", "log_h")],
}
LARGEST_SUBNORMAL = {np.float32: (2**23 - 1) * 2.0**-149, np.float16: 1023 * 2.0**-24}


def exp_high(x, t):
    d = np.exp(x.astype(np.float64)).astype(t)
    half = np.exp(x.astype(np.float64) / 2).astype(t)
    return np.where(d <= LARGEST_SUBNORMAL[t], (half * half).astype(t), d).astype(t)


def log_high(x, t):
    x64 = x.astype(np.float64)
    k, c = (23, -15.9423851528787421) if t == np.float32 else (10, -6.931471805599453)
    with np.errstate(all="ignore"):
        plain = np.log(x64).astype(t)
        steps = (np.log(x64 * 2.0**k).astype(t) + t(c)).astype(t)
    return np.where(x64 < LARGEST_SUBNORMAL[t], steps, plain).astype(t)


def generate(out_dir, seed=4715):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-103, -80, (4, 64)).astype(np.float32)
    h = rng.uniform(-16.5, -8, (4, 64)).astype(np.float16)
    p = (2.0 ** rng.uniform(-149, -100, (4, 64))).astype(np.float32)
    q = (2.0 ** rng.uniform(-24, -10, (4, 64))).astype(np.float16)
    out = {"exp": exp_high(x, np.float32), "exp_h": exp_high(h, np.float16),
           "log": log_high(p, np.float32), "log_h": log_high(q, np.float16),
           "exp_d": np.exp(x.astype(np.float64)).astype(np.float32),
           "log_d": np.log(p.astype(np.float64)).astype(np.float32)}
    once = {"exp": out["exp_d"], "log": out["log_d"],
            "exp_h": np.exp(h.astype(np.float64)).astype(np.float16),
            "log_h": np.log(q.astype(np.float64)).astype(np.float16)}
    for name, v in once.items():
        assert (out[name] != v).sum() >= 3, name
    save(out_dir, {"x": x, "h": h, "p": p, "q": q})
    save(out_dir, {f"{name}.expect": v for name, v in out.items()})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
