#!/usr/bin/env python3
"""What each --check mode costs, counted in host instructions rather than timed.

The per-instruction tile loops of bench.py (CHECK_OPS on f32 64x64 and the 16-bit rows) run
under valgrind's callgrind at two loop counts in each mode; the difference divided by the extra
iterations is the instructions one loop iteration executes, free of the machine's noise (on a
shared machine wall-clock ratios move by 30%). Instruction counts are not time - a cache miss
costs more than an add - so bench.py's timed ratios stay the targets; these say whether a
timed ratio's miss is the checks' work or the machine.

    bench/check_instructions.py [--build DIR] [--n1 500] [--n2 1500]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import numpy_bench as nb  # noqa: E402
import programs  # noqa: E402

MODES = ("off", "auto", "strict")


def loops():
    """[(name, source, input arrays)] of the loops bench.py times in every --check mode."""
    r, c = programs.CHECK_SIZE
    rng = np.random.default_rng(7)
    a = rng.uniform(0.5, 1.5, r * c).astype(np.float32)
    b = rng.uniform(0.5, 1.5, r * c).astype(np.float32)
    s = rng.uniform(0.5, 1.5, r).astype(np.float32)
    out = [(f"{op}_f32_{r}x{c}", programs.gen_vec(op, r, c), [a, b, s])
           for op in programs.CHECK_OPS]
    for name, op, dtype, hr, hc in programs.HALF_CASES:
        if (hr, hc) in nb.HALF_SIZES:
            ha = rng.uniform(0.5, 1.5, hr * hc).astype(np.float32)
            hb = rng.uniform(0.5, 1.5, hr * hc).astype(np.float32)
            out.append((name, programs.gen_vec16(op, dtype, hr, hc), [ha, hb]))
    return out


def instructions(ptorun, prog, files, n, mode, work):
    """Host instructions of one run of prog with loop count n."""
    log = os.path.join(work, "cg.out")
    # Strict checks report the races of these loops, which leave synchronisation to a compiler
    # (exit 1): what is counted is the checking, whatever it finds.
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={log}", ptorun,
                           prog, *files, str(n), f"--check={mode}"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode not in ((0, 1) if mode != "off" else (0,)):
        raise SystemExit(f"ptorun failed ({done.returncode}) on {prog} --check={mode}")
    with open(log) as f:
        m = re.search(r"^summary:\s+(\d+)", f.read(), re.M)
    os.unlink(log)
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(HERE), "build"))
    ap.add_argument("--n1", type=int, default=500)
    ap.add_argument("--n2", type=int, default=1500)
    args = ap.parse_args()
    ptoas = os.path.join(args.build, "asm", "ptoas")
    ptorun = os.path.join(args.build, "interp", "ptorun")
    print(f"{'loop':24} {'off':>10} {'auto':>10} {'strict':>10} {'auto/off':>9} {'strict/off':>10}"
          "   (host instructions per iteration)")
    with tempfile.TemporaryDirectory() as work:
        for name, src, arrays in loops():
            pto = os.path.join(work, name + ".pto")
            prog = os.path.join(work, name + ".ptobc")
            with open(pto, "w") as f:
                f.write(src)
            subprocess.run([ptoas, pto, "-o", prog], check=True)
            files = []
            for k, arr in enumerate(arrays):
                files.append(os.path.join(work, f"{name}.{k}.bin"))
                arr.tofile(files[-1])
            per = {}
            for mode in MODES:
                lo = instructions(ptorun, prog, files, args.n1, mode, work)
                hi = instructions(ptorun, prog, files, args.n2, mode, work)
                per[mode] = (hi - lo) / (args.n2 - args.n1)
            print(f"{name:24} {per['off']:10.0f} {per['auto']:10.0f} {per['strict']:10.0f} "
                  f"{per['auto'] / per['off']:8.2f}x {per['strict'] / per['off']:9.2f}x", flush=True)


if __name__ == "__main__":
    main()
