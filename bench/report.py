"""The benchmark report: the table, the machine header and the targets of issue 5."""

import datetime
import os
import platform

import numpy as np

import numpy_bench as nb
import observe_bench
from programs import ASM_BIG, ASM_SMALL, BLOCKS, BLOCKS_CACHED, C, DISPATCH, HALF_CASES, R, SLAB


def fmt_time(ns):
    if ns is None:
        return "-"
    if ns < 1e3:
        return f"{ns:.3g} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.3g} us"
    if ns < 1e9:
        return f"{ns / 1e6:.3g} ms"
    return f"{ns / 1e9:.3g} s"


def fmt_ratio(x):
    return "-" if x is None else (f"{x:.3g}x" if x < 100 else f"{x:.0f}x")


def ratio(a, b):
    return a / b if a and b else None


def check_str(row):
    parts = []
    if "err_numpy" in row:
        parts.append(("np ok" if row["numpy_ok"] else "np BAD") + f" {row['err_numpy']:.0e}")
    if "native_identical" in row:
        parts.append("=native" if row["native_identical"] else f"native {row['err_native']:.0e}")
    if "same_as_one_block" in row:
        parts.append("=1 block" if row["same_as_one_block"] else "DIFFERS from 1 block")
    if "check" in row:
        parts.append(f"result {row['check']}")
    return ", ".join(parts)


def env_header(cfg, root, build):
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    build_type = "?"
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    build_type = line.split("=", 1)[1].strip()
    except OSError:
        pass
    commit = "?"
    try:  # read the checked-out commit from .git without running git
        git_dir = os.path.join(root, ".git")
        if os.path.isfile(git_dir):  # a worktree: ".git" names its git directory
            git_dir = open(git_dir).read().split("gitdir:", 1)[1].strip()
        common = git_dir  # where a worktree's branches live
        if os.path.exists(os.path.join(git_dir, "commondir")):
            common = os.path.join(git_dir, open(os.path.join(git_dir, "commondir")).read().strip())
        head = open(os.path.join(git_dir, "HEAD")).read().strip()
        if head.startswith("ref: "):
            ref = head[5:]
            paths = [os.path.join(d, ref) for d in (git_dir, common)]
            found = [p for p in paths if os.path.exists(p)]
            if found:
                commit = open(found[0]).read().strip()[:12]
            else:
                for line in open(os.path.join(common, "packed-refs")):
                    if line.strip().endswith(ref):
                        commit = line.split()[0][:12]
        else:
            commit = head[:12]
    except (OSError, IndexError):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return {"date": datetime.datetime.now().isoformat(timespec="seconds"), "cpu": cpu,
            "cores": os.cpu_count(), "load_1min": load, "ptorun_build_type": build_type,
            "commit": commit, "quick": cfg.quick, "numpy": np.__version__}


def print_report(res, cfg, env, names):
    rows = res.rows
    w = 34
    print(f"ptorun benchmarks  {env['date']}  commit {env['commit']}  ptorun build {env['ptorun_build_type']}"
          f" (binary of {env.get('ptorun_built', '?')})  {env['cpu']} x{env['cores']}  load {env['load_1min']:.2f}"
          f"{'  (--quick)' if cfg.quick else ''}")
    if env["load_1min"] > 0.5 * (env["cores"] or 1):
        print(f"note: the machine was busy when the run started (load {env['load_1min']:.2f}); "
              "times may be noisy")
    print()
    hdr = f"{'benchmark':<{w}} {'ptorun':>10} {'native':>10} {'numpy':>10} {'pto/nat':>8} {'np/pto':>8}  check"
    sections = [
        ("tile instructions: time per instruction (loop of N, setup cancelled)",
         [n for n, _, _, _ in nb.vec_cases()] + nb.MM_NAMES),
        ("16-bit float tiles (native: the f32 loop of the same instruction)",
         [n for n, _, _, _, _ in HALF_CASES]),
        (f"whole kernels, {R}x{C} f32 (slabs of {SLAB} rows; numpy on the whole array)",
         nb.KERNEL_NAMES),
        ("register and VMI layers (a5): whole programs, GM -> UB -> vector registers -> UB -> GM",
         nb.VPTO_NAMES),
        ("repeat layer (a2a3): time per instruction (loop of N, data_move in and out cancelled)",
         nb.REPEAT_NAMES),
    ]
    for n, *_ in HALF_CASES:  # the native column of a 16-bit row is its f32 twin's
        if n in rows and rows[n].get("f32_twin") in rows:
            rows[n].setdefault("native_ns", rows[rows[n]["f32_twin"]].get("native_ns"))
    for title, sec_names in sections:
        sec = [n for n in sec_names if n in rows and ("ptorun_ns" in rows[n] or "native_ns" in rows[n]
                                                      or "skipped" in rows[n])]
        if not sec:
            continue
        print(title)
        print(hdr)
        for n in sec:
            r = rows[n]
            p, na, npy = r.get("ptorun_ns"), r.get("native_ns"), r.get("numpy_ns")
            extra = ""
            if "instr_per_iter" in r:
                extra = f"  [{r['instr_per_iter']:.3g} instr/iter, N={r['n1']}..{r['n2']}]"
            if "ns_per_instr" in r and r.get("kind") == "vpto":
                extra = (f"  [{r['instr_per_iter']:.0f} instr/run, {r['ns_per_instr']:.3g} ns/instr, "
                         f"N={r['n1']}..{r['n2']}]")
            if "skipped" in r:
                extra = f"  ptorun skipped, the program does not assemble: {r['skipped']}"
            print(f"{n:<{w}} {fmt_time(p):>10} {fmt_time(na):>10} {fmt_time(npy):>10} "
                  f"{fmt_ratio(ratio(p, na)):>8} {fmt_ratio(ratio(npy, p)):>8}  {check_str(r)}{extra}")
        print()
    exact = [n for n, r in rows.items() if "exact_ns" in r and "ptorun_ns" in r]
    if exact:
        print("--arith exact (each result rounded once from the exact value) against the default "
              "--arith npu (the NPU's sequence)")
        print(f"{'benchmark':<{w}} {'npu':>10} {'exact':>10} {'exact/npu':>10}")
        for n in exact:
            r = rows[n]
            print(f"{n:<{w}} {fmt_time(r['ptorun_ns']):>10} {fmt_time(r['exact_ns']):>10} "
                  f"{fmt_ratio(ratio(r['exact_ns'], r['ptorun_ns'])):>10}")
        print()
    checked = [n for n, r in rows.items() if "auto_ns" in r and "ptorun_ns" in r]
    if checked:
        print("--check modes: time per instruction with the sanitizer's default (auto: races only "
              "in kernels that synchronise,\nthe rest always) and strict checks, against --check=off")
        print(f"{'benchmark':<{w}} {'off':>10} {'auto':>10} {'strict':>10} {'auto/off':>9} "
              f"{'strict/off':>10}")
        for n in checked:
            r = rows[n]
            print(f"{n:<{w}} {fmt_time(r['ptorun_ns']):>10} {fmt_time(r['auto_ns']):>10} "
                  f"{fmt_time(r.get('strict_ns')):>10} "
                  f"{fmt_ratio(ratio(r['auto_ns'], r['ptorun_ns'])):>9} "
                  f"{fmt_ratio(ratio(r.get('strict_ns'), r['ptorun_ns'])):>10}")
        print()
    titles = {BLOCKS: "multiblock softmax (slabs split by get_block_idx / get_block_num)",
              BLOCKS_CACHED: "multiblock softmax, each block revisiting 512 KB of its own (in cache)"}
    for name, title in titles.items():
        if name not in rows or "speedup" not in rows[name]:
            continue
        r = rows[name]
        print(title)
        print(f"{'  --blocks 1 --threads 1':<{w}} {fmt_time(r['blocks1_ns']):>10}")
        print(f"{'  --blocks 2 --threads 2':<{w}} {fmt_time(r['blocks2_ns']):>10}   "
              f"speedup {r['speedup']:.2f}x  {check_str(r)}")
        if "machine_speedup" in r:
            print(f"  (this machine: a native vector loop runs {r['machine_speedup']:.2f}x as fast on "
                  f"2 threads as on 1)")
        print()
    if DISPATCH in rows and "ns_per_instr" in rows[DISPATCH]:
        r = rows[DISPATCH]
        print("dispatch (scalar loop with iter_args)")
        print(f"{DISPATCH:<{w}} {r['ns_per_instr']:.3g} ns/instr   ({r['instructions']} instructions "
              f"in {fmt_time(r['ptorun_ns'])}, {r['iterations']} iterations)  {check_str(r)}")
        if "floor_ns" in r:
            print(f"{'dispatch_floor':<{w}} {r['floor_ns']:.3g} ns/instr   (the same loop in the smallest "
                  f"C++ switch interpreter, no checks: native_bench.cc DispatchFloor; "
                  f"ptorun is {r['ns_per_instr'] / r['floor_ns']:.2f}x it)")
        print()
    observe_bench.print_rows(rows, w)
    if ASM_BIG in rows or ASM_SMALL in rows:
        print("assembler (wall clock of the ptoas process)")
        if "mb_per_s" in rows.get(ASM_BIG, {}):
            r = rows[ASM_BIG]
            print(f"{ASM_BIG:<{w}} {r['mb_per_s']:.3g} MB/s   ({r['bytes'] / 1e6:.1f} MB, "
                  f"{r['functions']} functions, {r['seconds'] * 1e3:.0f} ms)")
        if "seconds" in rows.get(ASM_SMALL, {}):
            r = rows[ASM_SMALL]
            print(f"{ASM_SMALL:<{w}} {r['seconds'] * 1e3:.3g} ms     ({r['bytes']} bytes, min of "
                  f"{cfg.small_repeats})")
        print()
    bad = [n for n, r in rows.items() if r.get("numpy_ok") is False
           or r.get("same_as_one_block") is False or str(r.get("check", "ok")) != "ok"]
    checked = [n for n, r in rows.items() if "numpy_ok" in r]
    identical = [n for n, r in rows.items() if r.get("native_identical")]
    with_native = [n for n, r in rows.items() if "native_identical" in r]
    print(f"numerics: {len(checked) - len([b for b in bad if b in checked])}/{len(checked)} ptorun outputs "
          f"match numpy (normwise rel. error <= 1e-5, bf16 <= 2^-8); "
          f"{len(identical)}/{len(with_native)} bit-identical to the native baseline"
          + (f"; PROBLEMS: {', '.join(bad)}" if bad else ""))
    print()
    print_targets(res)
    if res.errors:
        print()
        print("errors:")
        for name, msg in res.errors:
            print(f"  {name}: {msg}")


def targets(res):
    """[(ok, label, measured, limit)] for the targets whose benchmarks ran."""
    rows = res.rows
    out = []

    def get(name, key):
        return rows.get(name, {}).get(key)

    nat_mm_f32 = get("tmatmul_f32_64x64x64", "native_ns")
    # Every tile instruction of the catalogue, v0.60's taxpy/taddrelu (binary, as tadd) and
    # tpows/trandom (elementwise, as texp) included: <= 1.5x native (tcvt: 2x).
    for name, op, r, c in nb.vec_cases():
        p, na = get(name, "ptorun_ns"), get(name, "native_ns")
        if p and na and r * c >= 1024:
            limit = 2.0 if op == "tcvt" else 1.5
            out.append((p / na <= limit, f"{name}: ptorun/native", f"{p / na:.2f}x", f"<= {limit}x"))
    for name, op, dtype, r, c in HALF_CASES:
        p, na = get(name, "ptorun_ns"), get(f"{op}_f32_{r}x{c}", "native_ns")
        if p and na:
            out.append((p / na <= 2.0, f"{name}: ptorun / native f32", f"{p / na:.2f}x", "<= 2x"))
    p = get("tmatmul_bf16_64x64x64", "ptorun_ns")
    if p and nat_mm_f32:
        out.append((p / nat_mm_f32 <= 2.0, "tmatmul_bf16_64x64x64: ptorun / native f32 matmul",
                    f"{p / nat_mm_f32:.2f}x", "<= 2x"))
    p = get("tmatmul_f32_64x64x64", "ptorun_ns")
    if p and nat_mm_f32:
        out.append((p / nat_mm_f32 <= 2.0, "tmatmul_f32_64x64x64: ptorun/native",
                    f"{p / nat_mm_f32:.2f}x", "<= 2x"))
    for name in [n for n, _, r, c in nb.vec_cases() if (r, c) == (64, 64)] + nb.MM_NAMES:
        p, npy = get(name, "ptorun_ns"), get(name, "numpy_ns")
        if p and npy:
            out.append((npy / p >= 3.0, f"{name}: numpy/ptorun", f"{npy / p:.2f}x", ">= 3x"))
    for name in nb.KERNEL_NAMES:
        p, npy = get(name, "ptorun_ns"), get(name, "numpy_ns")
        if p and npy:
            out.append((npy / p > 1.0, f"{name}: numpy/ptorun", f"{npy / p:.2f}x", "> 1x"))
    for name in nb.STREAM_NAMES:
        p, na = get(name, "ptorun_ns"), get(name, "native_ns")
        if p and na:
            out.append((p / na <= 3.0, f"{name}: ptorun/native", f"{p / na:.2f}x", "<= 3x"))
    na = get("vpto_stream_1mib", "native_ns")
    d = get("vpto_stream_1mib", "ns_per_instr")
    if d:
        floor = f"; native itself: {na / get('vpto_stream_1mib', 'instr_per_iter'):.2f} ns" if na else ""
        out.append((d <= 5.0, "vpto_stream_1mib: ns per executed micro-instruction", f"{d:.2f} ns",
                    f"<= 5 ns{floor}"))
    name = "vpto_softmax_update_64x1024"
    p, npy = get(name, "ptorun_ns"), get(name, "numpy_ns")
    if p and npy:
        out.append((npy / p > 1.0, f"{name}: numpy/ptorun", f"{npy / p:.2f}x", "> 1x"))
    # The default run and strict checking on the per-instruction loops.
    for name, r in rows.items():
        p = r.get("ptorun_ns")
        # A whole program that synchronises (the VPTO and VMI ones) gets the race checks by
        # default, so its auto is strict's cost less the initialisation checks: no 1.2x target.
        if p and r.get("auto_ns") and r.get("kind") != "vpto":
            out.append((r["auto_ns"] / p <= 1.2, f"{name}: --check=auto / --check=off",
                        f"{r['auto_ns'] / p:.2f}x", "<= 1.2x"))
        if p and r.get("strict_ns") and "auto_ns" in r:
            out.append((r["strict_ns"] / p <= 2.0, f"{name}: --check=strict / --check=off",
                        f"{r['strict_ns'] / p:.2f}x", "<= 2x"))
    # The sanitizer (--check=strict: races, misuse and initialisation all checked) on the whole
    # kernels and the register- and repeat-layer programs.
    for name in nb.KERNEL_NAMES + nb.VPTO_NAMES + nb.REPEAT_NAMES:
        p, c = get(name, "ptorun_ns"), get(name, "checked_ns")
        if p and c:
            out.append((c / p <= 2.0, f"{name}: --check=strict / --check=off", f"{c / p:.2f}x",
                        "<= 2x"))
    for name, limit in (("repeat_adds_f16", 1.5), ("repeat_add_f32", 1.5), ("repeat_add_f32_strided", 3.0)):
        p, na = get(name, "ptorun_ns"), get(name, "native_ns")
        if p and na:
            out.append((p / na <= limit, f"{name}: ptorun/native", f"{p / na:.2f}x", f"<= {limit:g}x"))
    d = get(DISPATCH, "ns_per_instr")
    if d:
        out.append((d <= 5.0, f"{DISPATCH}: ns per instruction", f"{d:.2f} ns", "<= 5 ns"))
    for name, label in ((BLOCKS, "softmax"), (BLOCKS_CACHED, "softmax in cache")):
        s = get(name, "speedup")
        if s:
            out.append((s >= 1.8, f"{label} --blocks 2 vs --blocks 1: speedup", f"{s:.2f}x",
                        ">= 1.8x"))
    out += observe_bench.targets(rows)
    mbs = get(ASM_BIG, "mb_per_s")
    if mbs:
        out.append((mbs >= 50.0, f"{ASM_BIG}: ptoas throughput", f"{mbs:.1f} MB/s", ">= 50 MB/s"))
    sec = get(ASM_SMALL, "seconds")
    if sec:
        out.append((sec < 0.005, f"{ASM_SMALL}: ptoas wall time", f"{sec * 1e3:.2f} ms", "< 5 ms"))
    return out


def print_targets(res):
    ts = targets(res)
    print("targets")
    for ok, label, measured, limit in ts:
        print(f"  {'PASS' if ok else 'MISS'}  {label:<56} {measured:>12}  (target {limit})")
    print(f"  {sum(1 for t in ts if t[0])}/{len(ts)} targets met")
