#!/usr/bin/env python3
"""Benchmarks of ptorun (and ptoas) against a native C++ baseline and numpy, in one run.

bench/run.sh builds everything and calls this script; see bench/README.md. Steps:

  1. writes the input data (bench/numpy_bench.py: make_data) and the benchmark programs,
     generated from the templates of bench/programs.py, into build/bench/;
  2. assembles them with ptoas and runs them with `ptorun --time` (kernel time only: inputs
     are loaded before the clock starts);
       * tile instructions: the program loads its tiles once, then runs the one instruction in
         an scf.for of %n iterations (%n is a kernel argument). Time per instruction =
         (t(N2) - t(N1)) / (N2 - N1), each t the minimum of several runs, so the setup cancels;
         N2 is calibrated so that a run takes about 0.2 s (0.03 s with --quick), N1 = N2 / 4.
         The loop's own back edge (one scalar instruction per iteration) is included;
       * whole kernels: the minimum of several runs of the whole program;
       * dispatch: a scalar loop of 10^7 iterations; time / executed instruction count;
  3. runs the native baseline (build/bench-native/pto_native_bench) and bench/numpy_bench.py
     on the same data, each printing "name nanoseconds";
  4. checks the numbers: every ptorun output against numpy (normwise relative error) and
     against the native output (bit-identical or the error), and the multiblock softmax
     against the single-block one;
  5. prints one table and the targets (PASS/MISS with the measured ratio), and writes all
     measurements to build/bench/results.json.

Steps 2 and 3 run benchmark by benchmark (ptorun, then the native loop, then numpy, before the
next benchmark starts), all of it twice (once with --quick), and each number keeps its best
round. This shared VM has slow spells of seconds to minutes in which everything runs up to 1.6x
slower; measured tool by tool, a spell would land on one tool's column only.

Usage: bench.py [--quick] [--only PATTERN]... [--native PATH] [--json PATH] [--list]
"""

import argparse
import datetime
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import numpy_bench as nb  # noqa: E402  (the catalogue: names, sizes, data, numpy references)
from programs import (  # noqa: E402  (program generators and benchmark names)
    ASM_BIG, ASM_SMALL, BLOCKS, BLOCKS_CACHED, C, CACHED_SLABS, DISPATCH, HALF_CASES, SLAB, R, RMSNORM, SOFTMAX, check_modes, dispatch_reference,
    gen_asm_big, gen_dispatch, gen_matmul, gen_rmsnorm, gen_softmax, gen_vec, gen_vec16)
from report import env_header, print_report, targets  # noqa: E402
from vpto_programs import gen_vmi_stream, gen_vpto_softmax_update, gen_vpto_stream  # noqa: E402
from repeat_programs import gen_repeat  # noqa: E402
import observe_bench  # noqa: E402

BUILD = os.path.join(ROOT, "build")
WORK = os.path.join(BUILD, "bench")
DATA = os.path.join(WORK, "data")
PTOAS = os.path.join(BUILD, "asm", "ptoas")
PTORUN = os.path.join(BUILD, "interp", "ptorun")
NATIVE = os.path.join(BUILD, "bench-native", "pto_native_bench")
SOFTMAX_SAMPLE = os.path.join(ROOT, "samples", "softmax", "softmax.pto")



class BenchError(Exception):
    pass


def log(msg):
    print(f"bench: {msg}", file=sys.stderr, flush=True)


# =============================================================================================
# Running the tools


def run(cmd, env=None, timeout=600, ok_codes=(0,)):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchError(f"timed out after {timeout} s: {' '.join(cmd)}")
    if p.returncode not in ok_codes:
        msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
        err = BenchError(f"{os.path.basename(cmd[0])} failed (exit {p.returncode}): "
                         + " | ".join(msg[:4]) + f"\n    command: {' '.join(cmd)}")
        err.stderr = p.stderr  # all of it (the message keeps 4 lines)
        raise err
    return p


def assemble(src_text, name):
    src = os.path.join(WORK, name + ".pto")
    out = os.path.join(WORK, name + ".ptobc")
    with open(src, "w") as f:
        f.write(src_text)
    run([PTOAS, src, "-o", out])
    return out


_TIME_RE = re.compile(r"ptorun: ran in ([0-9.eE+-]+) us, (\d+) instructions")


# The instructions whose --arith modes compute differently (docs/semantics.md, "The NPU's
# arithmetic"): their rows are also timed with --arith exact.
ARITH_OPS = ("trowsum",)


def ptorun(prog, args, extra=(), check="off"):
    """(kernel nanoseconds, executed instructions) of one `ptorun --time` run. The sanitizer is
    off unless \a check says otherwise: the tables show the interpreter; the check rows what
    --check costs on top. check="exact" is --check=off with --arith exact (each result rounded
    once from the exact value instead of the NPU's sequence)."""
    # Strict checks report the races of kernels that leave synchronisation to a compiler
    # (exit 1): what is timed is the checking, whatever it finds.
    mode = ["--check=off", "--arith", "exact"] if check == "exact" else [f"--check={check}"]
    p = run([PTORUN, prog, *args, "--time", *mode, *extra],
            ok_codes=(0, 1) if check not in ("off", "exact") else (0,))
    m = _TIME_RE.search(p.stderr)
    if not m:
        raise BenchError(f"no timing line in ptorun's output: {p.stderr.strip()[:200]}")
    return float(m.group(1)) * 1e3, int(m.group(2))


def measure_loop(prog, args_for_n, cfg, check="off"):
    """Per-iteration time of a program whose loop count is its last argument.

    Calibrates N2 so a run takes about cfg.loop_s, N1 = N2 / 4, then takes the minimum of
    cfg.repeats runs at each (interleaved) and returns (ns per iteration, instructions per
    iteration, N1, N2)."""
    return measure_loops(prog, args_for_n, cfg, (check,))[check]


def measure_loops(prog, args_for_n, cfg, checks):
    """measure_loop for each --check mode of \a checks, calibrated on the first: their runs
    interleave at the same N1 and N2, so that a noisy machine's drift moves them together (a
    ratio of two modes timed minutes apart moved by a third). A dict by mode."""
    t_one, _ = ptorun(prog, args_for_n(1), check=checks[0])
    n, t = 16, 0.0
    while True:
        t, _ = ptorun(prog, args_for_n(n), check=checks[0])
        if t - t_one >= cfg.loop_s * 1e9 * 0.1 or n >= 10**8:
            break
        n *= 4
    per_iter = max((t - t_one) / (n - 1), 1e-3)
    n2 = max(n, int(cfg.loop_s * 1e9 / per_iter))
    n2 = min(n2, 4 * 10**8)  # the loop's instructions must stay under --max-steps (10^9)
    n1 = max(1, n2 // 4)
    lo = {c: [] for c in checks}
    hi = {c: [] for c in checks}
    for _ in range(cfg.mode_repeats if len(checks) > 1 else cfg.repeats):
        for c in checks:
            lo[c].append(ptorun(prog, args_for_n(n1), check=c))
            hi[c].append(ptorun(prog, args_for_n(n2), check=c))
    out = {}
    for c in checks:
        t1 = min(x[0] for x in lo[c])
        t2 = min(x[0] for x in hi[c])
        instr = (hi[c][0][1] - lo[c][0][1]) / (n2 - n1)
        out[c] = (max(t2 - t1, 0.0) / (n2 - n1), instr, n1, n2)
    return out


# =============================================================================================
# Numerics


def rel_err(got, ref):
    """Normwise relative error max|got - ref| / max|ref| (0 when both are all zero)."""
    got = np.asarray(got, np.float64).ravel()
    ref = np.asarray(ref, np.float64).ravel()
    if got.shape != ref.shape:
        return float("inf")
    if np.isnan(got).any() or np.isnan(ref).any():
        return float("inf") if not np.array_equal(np.isnan(got), np.isnan(ref)) else 0.0
    scale = np.abs(ref).max()
    diff = np.abs(got - ref).max()
    return float(diff / scale) if scale > 0 else float(diff)


def read_out(path, dtype):
    a = np.fromfile(path, dtype=dtype)
    return nb.bf16_bits_to_f32(a) if dtype == np.uint16 else a


# =============================================================================================
# The benchmark run


class Config:
    def __init__(self, quick):
        self.quick = quick
        self.loop_s = 0.03 if quick else 0.2  # duration of the N2 run of a loop benchmark
        self.repeats = 2 if quick else 3  # runs per measurement (the minimum is kept)
        # Runs per mode where several --check or --arith modes are timed together: their ratio
        # is what a target compares, and on a noisy machine three runs of a 0.2 s loop left it
        # moving by a third between two bench runs.
        self.mode_repeats = 2 if quick else 5
        self.kernel_repeats = 2 if quick else 3
        self.dispatch_n = 10**6 if quick else 10**7
        self.asm_mb = 10.0
        self.asm_repeats = 1 if quick else 3
        self.small_repeats = 5 if quick else 15
        # Rounds of every measurement, best kept (see the module's docstring).
        self.rounds = 1 if quick else 2


def all_bench_names():
    return (nb.all_names() + [n for n, _, _, _, _ in HALF_CASES]
            + [BLOCKS, BLOCKS_CACHED, DISPATCH, ASM_BIG, ASM_SMALL] + observe_bench.OBSERVE_NAMES)


def select(patterns):
    names = all_bench_names()
    if not patterns:
        return names
    chosen = []
    for n in names:
        for p in patterns:
            if (any(ch in p for ch in "*?[") and fnmatch.fnmatch(n, p)) or p in n:
                chosen.append(n)
                break
    return chosen


class Results:
    def __init__(self):
        self.rows = {}  # name -> dict
        self.errors = []  # (name, message)

    def row(self, name):
        return self.rows.setdefault(name, {"name": name})

    # Times keep their best (smallest) value over rounds, rates (the assembler's MB/s, the
    # machine's two-thread speedup) their largest; every other field is the same every round.
    _BEST_LOW = ("ptorun_ns", "native_ns", "numpy_ns", "blocks1_ns", "blocks2_ns", "seconds")
    _BEST_HIGH = ("mb_per_s", "machine_speedup")

    def merge(self, other):
        """Folds the results of another round into these."""
        for name, new in other.rows.items():
            old = self.rows.setdefault(name, {})
            for key, value in new.items():
                if key in old and key in self._BEST_LOW:
                    old[key] = min(old[key], value)
                elif key in old and key in self._BEST_HIGH:
                    old[key] = max(old[key], value)
                else:
                    old[key] = value
        self.errors.extend(e for e in other.errors if e not in self.errors)


def record_modes(row, timed):
    """The time per instruction of each mode but the default --check=off (measure_loops's
    result) as row[<mode>_ns]."""
    for mode, (ns, *_rest) in timed.items():
        if mode != "off":
            row[f"{mode}_ns"] = ns


def bench_ptorun(names, cfg, res):
    """Generate, assemble and time every selected program with ptorun; write its outputs for
    the numerics check into WORK/out/."""
    out_dir = os.path.join(WORK, "out")
    os.makedirs(out_dir, exist_ok=True)
    for name, op, r, c in nb.vec_cases():
        if name not in names:
            continue
        log(f"ptorun {name}")
        try:
            prog = assemble(gen_vec(op, r, c), name)
            first = "p" if op == "tpows" else "a"  # tpows's bases are positive
            files = [os.path.join(DATA, f"{first}_{r}x{c}.f32"), os.path.join(DATA, f"b_{r}x{c}.f32"),
                     os.path.join(DATA, f"s_{r}.f32")]
            out = os.path.join(out_dir, name + ".bin")
            ptorun(prog, files + ["1"], ["--out", f"dst={out}"])
            modes = check_modes(op, r, c) + (("exact",) if op in ARITH_OPS else ())
            timed = measure_loops(prog, lambda n: files + [str(n)], cfg, modes)
            ns, ipi, n1, n2 = timed["off"]
            row = res.row(name)
            row.update(kind="instr", ptorun_ns=ns, instr_per_iter=ipi, n1=n1, n2=n2,
                       out=out, out_dtype={"tcvt": "bf16", "trandom": "ui32"}.get(op, "f32"))
            record_modes(row, timed)
        except BenchError as e:
            res.errors.append((name, str(e)))
    for name, op, dtype, r, c in HALF_CASES:
        if name not in names:
            continue
        log(f"ptorun {name}")
        try:
            prog = assemble(gen_vec16(op, dtype, r, c), name)
            files = [os.path.join(DATA, f"a_{r}x{c}.f32"), os.path.join(DATA, f"b_{r}x{c}.f32")]
            out = os.path.join(out_dir, name + ".bin")
            ptorun(prog, files + ["1"], ["--out", f"dst={out}"])
            timed = measure_loops(prog, lambda n: files + [str(n)], cfg,
                                  check_modes(op, r, c, half=True))
            ns, ipi, n1, n2 = timed["off"]
            row = res.row(name)
            row.update(kind="instr", ptorun_ns=ns, instr_per_iter=ipi, n1=n1, n2=n2,
                       out=out, out_dtype="f32" if op == "tcvt" else dtype,
                       f32_twin=f"{op}_f32_{r}x{c}")
            record_modes(row, timed)
        except BenchError as e:
            res.errors.append((name, str(e)))
    for name in nb.MM_NAMES:
        if name not in names:
            continue
        log(f"ptorun {name}")
        dtype = "f32" if "f32" in name else "bf16"
        try:
            prog = assemble(gen_matmul(dtype), name)
            files = [os.path.join(DATA, f"mm_a.{dtype}"), os.path.join(DATA, f"mm_b.{dtype}")]
            out = os.path.join(out_dir, name + ".bin")
            ptorun(prog, files + ["1"], ["--out", f"dst={out}"])
            timed = measure_loops(prog, lambda n: files + [str(n)], cfg, ("off", "exact"))
            ns, ipi, n1, n2 = timed["off"]
            res.row(name).update(kind="matmul", ptorun_ns=ns, instr_per_iter=ipi, n1=n1, n2=n2,
                                 out=out, out_dtype="f32", exact_ns=timed["exact"][0])
        except BenchError as e:
            res.errors.append((name, str(e)))
    x = os.path.join(DATA, f"x_{R}x{C}.f32")
    gamma = os.path.join(DATA, f"gamma_{C}.f32")
    kernels = [(SOFTMAX, gen_softmax(False), [x, f"zeros:{R * C}"], 2),
               (RMSNORM, gen_rmsnorm(), [x, gamma, f"zeros:{R * C}"], 3)]
    for name, text, args, out_index in kernels:
        if name not in names:
            continue
        log(f"ptorun {name}")
        try:
            prog = assemble(text, name)
            out = os.path.join(out_dir, name + ".bin")
            first = ptorun(prog, args, ["--out", f"{out_index}={out}"])
            runs, checked = [first], []
            for i in range(cfg.kernel_repeats):  # interleaved: drift moves both alike
                if i > 0:
                    runs.append(ptorun(prog, args))
                checked.append(ptorun(prog, args, check="strict")[0])
            res.row(name).update(kind="kernel", ptorun_ns=min(t for t, _ in runs),
                                 instructions=runs[0][1], out=out, out_dtype="f32",
                                 checked_ns=min(checked))
        except BenchError as e:
            res.errors.append((name, str(e)))
    for name, cached in ((BLOCKS, False), (BLOCKS_CACHED, True)):
        if name not in names:
            continue
        log(f"ptorun {name} (--blocks 1 vs --blocks 2 --threads 2)")
        try:
            prog = assemble(gen_softmax(True, cached), name)
            args = [x, f"zeros:{R * C}"]
            out = os.path.join(out_dir, name + ".bin")
            b1_opts = ["--blocks", "1", "--threads", "1"]
            b2_opts = ["--blocks", "2", "--threads", "2"]
            ptorun(prog, args, b2_opts + ["--out", f"2={out}"])
            t1, t2 = [], []
            for _ in range(cfg.kernel_repeats):
                t1.append(ptorun(prog, args, b1_opts)[0])
                t2.append(ptorun(prog, args, b2_opts)[0])
            res.row(name).update(kind="blocks", blocks1_ns=min(t1), blocks2_ns=min(t2),
                                 speedup=min(t1) / min(t2), out=out, out_dtype="f32")
        except BenchError as e:
            res.errors.append((name, str(e)))
    bench_vpto(names, cfg, res, out_dir)
    bench_observe(names, cfg, res)
    if DISPATCH in names:
        log(f"ptorun {DISPATCH} ({cfg.dispatch_n} iterations)")
        try:
            prog = assemble(gen_dispatch(), DISPATCH)
            out = os.path.join(out_dir, DISPATCH + ".bin")
            runs = [ptorun(prog, ["zeros:1", str(cfg.dispatch_n)], ["--out", f"1={out}"])]
            runs += [ptorun(prog, ["zeros:1", str(cfg.dispatch_n)]) for _ in range(cfg.repeats - 1)]
            t, instr = min(runs)
            got = int(np.fromfile(out, dtype=np.int64)[0])
            want = dispatch_reference(cfg.dispatch_n)
            res.row(DISPATCH).update(kind="dispatch", ptorun_ns=t, instructions=instr,
                                     ns_per_instr=t / instr, iterations=cfg.dispatch_n,
                                     check="ok" if got == want else f"BAD: {got} != {want}")
        except BenchError as e:
            res.errors.append((DISPATCH, str(e)))


# The register-layer and repeat-layer programs: (name, generator, inputs, outputs as 1-based
# parameter numbers, the outputs' element type). Outputs are written into one file, one after
# the other (numpy_bench.out_segments).
def _vpto_cases():
    d = lambda f: os.path.join(DATA, f)  # noqa: E731
    sm_out = f"zeros:{nb.SM_ROWS * nb.SM_COLS}"
    sm_state = f"zeros:{nb.SM_ROWS * nb.SM_LANES}"
    cases = [
        ("vpto_stream_1mib", gen_vpto_stream, [d("vs_x.f32"), d("vs_y.f32"), f"zeros:{nb.STREAM_N}"], [3], "f32"),
        ("vmi_stream_1mib", gen_vmi_stream, [d("vs_x.f32"), d("vs_y.f32"), f"zeros:{nb.STREAM_N}"], [3], "f32"),
        ("vpto_softmax_update_64x1024", gen_vpto_softmax_update,
         [d("sm_x.f32"), d("sm_o.f32"), d("sm_m.f32"), d("sm_l.f32"), sm_out, sm_state, sm_state], [5, 6, 7],
         "f32"),
    ]
    for name in nb.REPEAT_NAMES:
        ins = [d(f"{name}_a.bin")] + ([] if name == "repeat_adds_f16" else [d(f"{name}_b.bin")])
        cases.append((name, lambda name=name: gen_repeat(name), ins + [f"zeros:{nb.REPEAT_ELEMS[name]}"],
                      [len(ins) + 1], "f16" if name.endswith("f16") else "f32"))
    return cases


def _assembly_failure(message):
    """ptoas's complaint in a few words: the operations it does not know, or its first error."""
    unknown = list(dict.fromkeys(re.findall(r"unknown operation '([^']+)'", message)))
    if unknown:
        return "ptoas does not know " + ", ".join(unknown)
    first = re.search(r"\.pto:(\d+:\d+: error: [^|\n]*)", message)
    return first.group(1).strip() if first else message.splitlines()[0]


def bench_vpto(names, cfg, res, out_dir):
    """Whole VPTO programs, repeated %n times: time per repetition as for the tile instructions
    ((t(N2) - t(N1)) / (N2 - N1), so the launch cancels), and per executed instruction.
    A program that does not assemble (the ops it needs are not in this ptoas yet) is marked
    skipped with ptoas's first error, and does not fail the run."""
    for name, gen, args, outs, out_dtype in _vpto_cases():
        if name not in names:
            continue
        log(f"ptorun {name}")
        try:
            try:
                prog = assemble(gen(), name)
            except BenchError as e:
                why = _assembly_failure(getattr(e, "stderr", "") or str(e))
                res.row(name).update(kind="vpto", skipped=why)
                log(f"{name}: skipped, it does not assemble: {why}")
                continue
            files = [os.path.join(out_dir, f"{name}.{k}.bin") for k in outs]
            extra = [x for k, f in zip(outs, files) for x in ("--out", f"{k}={f}")]
            ptorun(prog, args + ["1"], extra)
            out = os.path.join(out_dir, name + ".bin")
            with open(out, "wb") as f:
                for part in files:
                    f.write(open(part, "rb").read())
            # Every --check mode a user runs: off, the default (auto) and strict.
            modes = measure_loops(prog, lambda n: args + [str(n)], cfg, ("off", "auto", "strict"))
            ns, ipi, n1, n2 = modes["off"]
            res.row(name).update(kind="vpto", ptorun_ns=ns, instr_per_iter=ipi, n1=n1, n2=n2,
                                 ns_per_instr=ns / ipi, out=out, out_dtype=out_dtype,
                                 auto_ns=modes["auto"][0], strict_ns=modes["strict"][0])
        except BenchError as e:
            res.errors.append((name, str(e)))


def bench_observe(names, cfg, res):
    """ptorun with --trace, --profile and --timeline against the same run without them
    (observe_bench.py)."""
    gens = {"softmax": lambda: gen_softmax(False), "vpto_stream": gen_vpto_stream, "R": R, "C": C,
            "STREAM_N": nb.STREAM_N}
    for name, source, args in observe_bench.cases(ROOT, DATA, gens):
        if name not in names:
            continue
        log(f"ptorun {name} (plain, --trace, --profile, --timeline)")
        try:
            if os.path.isfile(source):
                prog = os.path.join(WORK, name + ".ptobc")
                run([PTOAS, source, "-o", prog])
            else:
                prog = assemble(source, name)
            best = observe_bench.measure(PTORUN, prog, args, os.path.join(WORK, "observe", name),
                                         cfg.kernel_repeats)
            row = res.row(name)
            row["kind"] = "observe"
            for mode, (wall, kernel) in best.items():
                row[mode + "_wall_ns"], row[mode + "_kernel_ns"] = wall, kernel
        except (BenchError, RuntimeError) as e:
            res.errors.append((name, str(e)))


def bench_ptoas(names, cfg, res):
    if ASM_BIG in names:
        log(f"ptoas on a generated {cfg.asm_mb:.0f} MB file")
        try:
            text, nfunc = gen_asm_big(int(cfg.asm_mb * 1e6))
            src = os.path.join(WORK, ASM_BIG + ".pto")
            with open(src, "w") as f:
                f.write(text)
            size = os.path.getsize(src)
            best = float("inf")
            for _ in range(cfg.asm_repeats):
                t0 = time.perf_counter()
                run([PTOAS, src, "-o", os.path.join(WORK, ASM_BIG + ".ptobc")])
                best = min(best, time.perf_counter() - t0)
            res.row(ASM_BIG).update(kind="asm", seconds=best, bytes=size, functions=nfunc,
                                    mb_per_s=size / 1e6 / best)
        except BenchError as e:
            res.errors.append((ASM_BIG, str(e)))
    if ASM_SMALL in names:
        log("ptoas on samples/softmax/softmax.pto")
        try:
            best = float("inf")
            for _ in range(cfg.small_repeats):
                t0 = time.perf_counter()
                run([PTOAS, SOFTMAX_SAMPLE, "-o", os.path.join(WORK, "softmax_sample.ptobc")])
                best = min(best, time.perf_counter() - t0)
            res.row(ASM_SMALL).update(kind="asm_small", seconds=best,
                                      bytes=os.path.getsize(SOFTMAX_SAMPLE))
        except BenchError as e:
            res.errors.append((ASM_SMALL, str(e)))


def parse_name_ns(text):
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out


def bench_baselines(names, cfg, native, res):
    catalog = [n for n in nb.all_names() if n in names]
    machine = [n for n in (BLOCKS, BLOCKS_CACHED) if n in names]
    floor = DISPATCH in names
    if not catalog and not machine and not floor and not any(n in names for n, *_ in HALF_CASES):
        return
    twins = [f"{op}_f32_{r}x{c}" for n, op, _, r, c in HALF_CASES
             if n in names and f"{op}_f32_{r}x{c}" in nb.all_names()]
    native_names = list(dict.fromkeys(catalog + twins)) + (["vector_threads"] if machine else [])
    native_names += ["dispatch_floor"] if floor else []
    if "tmatmul_bf16_64x64x64" in native_names and "tmatmul_f32_64x64x64" not in native_names:
        native_names.append("tmatmul_f32_64x64x64")  # the bf16 target compares with f32 native
    dump = os.path.join(WORK, "native_out")
    os.makedirs(dump, exist_ok=True)
    quick = ["--quick"] if cfg.quick else []
    log(f"native baseline ({len(native_names)} benchmarks)")
    try:
        p = run([native, "--data", DATA, "--dump", dump, "--only", ",".join(native_names), *quick])
        found = parse_name_ns(p.stdout)
        one, two = found.pop("vector_loop_1thread", None), found.pop("vector_loop_2threads", None)
        floor_ns = found.pop("dispatch_floor", None)
        if floor_ns:
            res.row(DISPATCH)["floor_ns"] = floor_ns
        for name in machine:
            if one and two:
                res.row(name)["machine_speedup"] = one / two
        for name, ns in found.items():
            res.row(name)["native_ns"] = ns
            res.row(name)["native_out"] = os.path.join(dump, name + ".bin")
    except BenchError as e:
        res.errors.append(("native", str(e)))
    if not catalog:
        return
    log(f"numpy baseline ({len(catalog)} benchmarks)")
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
        env[var] = "1"  # one thread, as ptorun runs a block on one thread
    try:
        p = run([sys.executable, os.path.join(HERE, "numpy_bench.py"), "--data", DATA,
                 "--only", ",".join(catalog), *quick], env=env)
        for name, ns in parse_name_ns(p.stdout).items():
            res.row(name)["numpy_ns"] = ns
    except BenchError as e:
        res.errors.append(("numpy", str(e)))


# Tile-instruction benchmarks whose reference is exact: f32 adds and taxpy's one rounding
# (a * 1.5 + b is exact in double), tpows against the NPU's sequence step by step
# (tests/reference/power.py), trandom's Philox words.
EXACT_VEC = {n for n, op, _, _ in nb.vec_cases() if op in ("taxpy", "tpows", "taddrelu", "trandom")}


def check_numerics(names, res):
    """ptorun's outputs against numpy (in-process, untimed) and against the native outputs."""
    for name in nb.all_names():
        row = res.rows.get(name)
        if name not in names or not row or "out" not in row:
            continue
        dtype = {"bf16": np.uint16, "f16": np.float16, "ui32": np.uint32}.get(row["out_dtype"], np.float32)
        got = read_out(row["out"], dtype)
        ref = nb.reference(DATA, name)
        if dtype == np.uint16:
            ref = nb.bf16_bits_to_f32(ref)
        segments = nb.out_segments(name)
        if segments and got.size == sum(segments):  # each output on its own scale
            cuts = np.cumsum(segments)[:-1]
            row["err_numpy"] = max(rel_err(g, r) for g, r in zip(np.split(got, cuts), np.split(ref, cuts)))
        else:
            row["err_numpy"] = rel_err(got, ref)
        tol = 2.0 ** -8 if dtype == np.uint16 else 1e-5
        if name in nb.STREAM_NAMES or name in nb.REPEAT_NAMES or name in EXACT_VEC:
            tol = 0.0  # rounded once (adds, taxpy's fma), the NPU's pow sequence, Philox: exact
        row["numpy_ok"] = row["err_numpy"] <= tol
        nat = row.get("native_out")
        if nat and os.path.exists(nat):
            raw_got = np.fromfile(row["out"], dtype=dtype)
            raw_nat = np.fromfile(nat, dtype=dtype)
            row["native_identical"] = bool(raw_got.shape == raw_nat.shape
                                           and raw_got.tobytes() == raw_nat.tobytes())
            row["err_native"] = rel_err(got, read_out(nat, dtype))
    for name, op, dtype, r, c in HALF_CASES:
        row = res.rows.get(name)
        if not row or "out" not in row:
            continue
        raw = np.fromfile(row["out"], dtype=np.float32 if op == "tcvt" else np.uint16)
        got = raw if op == "tcvt" else nb.half_bits_to_f32(raw, dtype)
        row["err_numpy"] = rel_err(got, nb.half_reference(DATA, op, dtype, r, c))
        # Both round the same results (exact) unless a tolerance is given.
        row["numpy_ok"] = row["err_numpy"] <= nb.HALF_TOLERANCE.get(op, 0.0)
    blk = res.rows.get(BLOCKS)
    if blk and "out" in blk:
        soft = res.rows.get(SOFTMAX)
        mine = np.fromfile(blk["out"], dtype=np.float32)
        if soft and "out" in soft:
            blk["same_as_one_block"] = bool(mine.tobytes() == np.fromfile(soft["out"], np.float32).tobytes())
        ref = nb.softmax(np.fromfile(os.path.join(DATA, f"x_{R}x{C}.f32"), np.float32).reshape(R, C))
        blk["err_numpy"] = rel_err(mine, ref)
        blk["numpy_ok"] = blk["err_numpy"] <= 1e-5
    cached = res.rows.get(BLOCKS_CACHED)
    if cached and "out" in cached:
        # Two blocks write rows [0, 2 * CACHED_SLABS * SLAB); the rest stays zero.
        rows = 2 * CACHED_SLABS * SLAB
        mine = np.fromfile(cached["out"], dtype=np.float32).reshape(R, C)
        x = np.fromfile(os.path.join(DATA, f"x_{R}x{C}.f32"), np.float32).reshape(R, C)
        cached["err_numpy"] = rel_err(mine[:rows], nb.softmax(x[:rows]))
        cached["numpy_ok"] = cached["err_numpy"] <= 1e-5 and not mine[rows:].any()


def snapshot_tools(args, env):
    """Run copies of the binaries, so a rebuild of build/ during the run (by someone working on
    the interpreter) cannot mix two versions in one table."""
    global PTOAS, PTORUN
    bin_dir = os.path.join(WORK, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    copies = []
    for src in (PTOAS, PTORUN, args.native):
        dst = os.path.join(bin_dir, os.path.basename(src))
        shutil.copy2(src, dst + ".tmp")
        os.replace(dst + ".tmp", dst)
        copies.append(dst)
        env[f"{os.path.basename(src)}_built"] = datetime.datetime.fromtimestamp(
            os.path.getmtime(src)).isoformat(timespec="seconds")
    PTOAS, PTORUN, args.native = copies


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="short runs, fewer repeats (a smoke test)")
    p.add_argument("--only", action="append", default=[], metavar="PATTERN",
                   help="run the benchmarks whose name contains PATTERN (or matches it as a glob); "
                        "repeatable, or comma-separated")
    p.add_argument("--native", default=NATIVE, help="the native baseline binary")
    p.add_argument("--tools", default=BUILD,
                   help="the build directory whose asm/ptoas and interp/ptorun run (default build/)")
    p.add_argument("--json", default=os.path.join(WORK, "results.json"), help="where to write the results")
    p.add_argument("--list", action="store_true", help="print the benchmark names and exit")
    args = p.parse_args()
    global PTOAS, PTORUN
    PTOAS = os.path.join(args.tools, "asm", "ptoas")
    PTORUN = os.path.join(args.tools, "interp", "ptorun")
    if args.list:
        print("\n".join(all_bench_names()))
        return 0
    patterns = [x for p_ in args.only for x in p_.split(",") if x]
    names = select(patterns)
    if not names:
        print(f"bench: no benchmark matches {patterns}; --list shows the names", file=sys.stderr)
        return 2
    for tool in (PTOAS, PTORUN, args.native):
        if not os.access(tool, os.X_OK):
            print(f"bench: {tool} is missing; bench/run.sh builds it", file=sys.stderr)
            return 2
    cfg = Config(args.quick)
    os.makedirs(WORK, exist_ok=True)
    env = env_header(cfg, ROOT, args.tools)
    snapshot_tools(args, env)
    t0 = time.time()
    nb.make_data(DATA)
    res = Results()
    for k in range(cfg.rounds):
        if cfg.rounds > 1:
            log(f"round {k + 1} of {cfg.rounds}")
        for name in names:  # each benchmark under every tool before the next one starts
            this_round = Results()
            bench_ptorun([name], cfg, this_round)
            bench_ptoas([name], cfg, this_round)
            bench_baselines([name], cfg, args.native, this_round)
            res.merge(this_round)
    check_numerics(names, res)
    log(f"done in {time.time() - t0:.0f} s")
    print_report(res, cfg, env, names)
    with open(args.json, "w") as f:
        json.dump({"env": env, "results": res.rows, "errors": res.errors,
                   "targets": [{"ok": ok, "what": label, "measured": m, "target": lim}
                               for ok, label, m, lim in targets(res)]}, f, indent=1, default=str)
    return 1 if res.errors else 0


if __name__ == "__main__":
    sys.exit(main())
