"""Runs one golden case: assemble its kernel, run it on the case's inputs, compare the outputs
with the expected files its numpy reference (golden.py) wrote.

A case directory holds kernel.pto, golden.py and the .bin files golden.py generates. golden.py
defines CASE (how to run the kernel) and generate(out_dir) (writes inputs and expected outputs
with numpy); running it as a script regenerates the committed data in place.

CASE = {
    "args": ["x.bin", "zeros:256", "16"],   # ptorun arguments, files relative to the case
    "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 1e-6, "atol": 0}],    # optional: "ulp" for bf16/f16 comparisons
    "arch": "a5",                           # optional ptoas --arch
    "backend": "vpto",                      # optional ptoas --pto-backend
    "entry": "kernel",                      # optional entry (ptoas and ptorun --entry)
    "kernel": "softmax.pto",                # optional; default kernel.pto
    "objects": ["helpers.pto"],             # optional: assembled with ptoas -c, then linked
    "ptorun_flags": ["--arith", "exact"],   # optional: further ptorun flags
}
"""
import argparse
import glob
import os
import runpy
import subprocess
import sys

import numpy as np
import tool_work  # noqa: E402  (tests/tool_work.py: one work directory per run)

DTYPES = {
    "float32": np.float32, "float16": np.float16, "bfloat16": np.uint16,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64,
}


def load_case(case_dir):
    return runpy.run_path(os.path.join(case_dir, "golden.py"))["CASE"]


def as_float(data, dtype):
    """Values of a buffer as float64 (bf16 patterns widened to float32 first)."""
    if dtype == "bfloat16":
        return (data.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return data.astype(np.float64)


def compare(name, actual_path, spec, case_dir, log=None):
    dtype = spec["dtype"]
    expected = np.fromfile(os.path.join(case_dir, spec["expect"]), dtype=DTYPES[dtype])
    actual = np.fromfile(actual_path, dtype=DTYPES[dtype])
    if actual.size != expected.size:
        return f"{name}: {actual.size} elements written, {expected.size} expected"
    floating = dtype in ("float32", "float16", "bfloat16")
    if not floating:
        bad = np.nonzero(actual != expected)[0]
        if log:
            log(f"{name}: {actual.size} {dtype} values, {bad.size} differ (exact comparison)")
        if bad.size:
            i = bad[0]
            return (f"{name}: {bad.size} of {actual.size} elements differ; first at {i}: "
                    f"got {actual[i]}, expected {expected[i]}")
        return None
    a, e = as_float(actual, dtype), as_float(expected, dtype)
    rtol, atol = spec.get("rtol", 0.0), spec.get("atol", 0.0)
    ok = np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
    # Equal infinities are equal (isclose already says so); their difference is NaN, not 0.
    same = (a == e) | (np.isnan(a) & np.isnan(e))
    if "ulp" in spec:
        ok |= ulp_distance(actual, expected, dtype) <= spec["ulp"]
    bad = np.nonzero(~ok)[0]
    err = np.where(same, 0.0, np.abs(np.where(same, 0.0, a) - np.where(same, 0.0, e)))
    if log:
        finite = np.isfinite(err)
        worst = np.max(err[finite]) if finite.any() else 0.0
        log(f"{name}: {a.size} {dtype} values, max abs error {worst:.3g} "
            f"(allowed rtol={rtol} atol={atol})")
    if bad.size:
        i = bad[0]
        return (f"{name}: {bad.size} of {a.size} elements outside rtol={rtol} atol={atol}; "
                f"first at {i}: got {a[i]!r}, expected {e[i]!r}; max abs error "
                f"{np.nanmax(err):.3g}")
    return None


def ulp_distance(actual, expected, dtype):
    """Distance in units of the last place between two arrays of float bit patterns."""
    bits = {"float32": np.int32, "float16": np.int16, "bfloat16": np.int16}[dtype]
    width = {"float32": 32, "float16": 16, "bfloat16": 16}[dtype]

    def ordered(x):
        v = x.view(bits).astype(np.int64)
        return np.where(v < 0, -(v & ((1 << (width - 1)) - 1)), v)
    return np.abs(ordered(actual) - ordered(expected))


def shown(cmd):
    """A command as the log prints it: paths under the current directory made relative."""
    here = os.getcwd() + os.sep
    return "$ " + " ".join(c.replace(here, "") for c in cmd)


def backend_flags(case):
    return ["--pto-backend", case["backend"]] if "backend" in case else []


def build(ptoas, case_dir, work_dir, log=None):
    """Assembles (and links) the case's program into work_dir; (path, problems)."""
    case = load_case(case_dir)
    kernel = case.get("kernel", "kernel.pto")
    os.makedirs(work_dir, exist_ok=True)
    program = os.path.join(work_dir, "kernel.ptobc")
    objects = []
    for source in case.get("objects", []):
        obj = os.path.join(work_dir, os.path.basename(source) + ".ptoo")
        cmd = [ptoas, "-c", os.path.join(case_dir, source), "-o", obj] + backend_flags(case)
        if log:
            log(shown(cmd))
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            return program, [f"ptoas -c failed ({done.returncode}):\n{done.stderr}"]
        objects.append(obj)
    cmd = [ptoas, os.path.join(case_dir, kernel)] + objects + ["-o", program]
    if "arch" in case:
        cmd += ["--arch", case["arch"]]
    if "entry" in case:
        cmd += ["--entry", case["entry"]]
    cmd += backend_flags(case)
    if log:
        log(shown(cmd))
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        return program, [f"ptoas failed ({done.returncode}):\n{done.stderr}"]
    return program, []


def run_args(case, case_dir):
    """The ptorun arguments of a case: files resolved against its directory."""
    args = [a if ":" in a or not os.path.exists(os.path.join(case_dir, a))
            else os.path.join(case_dir, a) for a in case["args"]]
    if "entry" in case:
        args += ["--entry", case["entry"]]
    return args + list(case.get("ptorun_flags", []))


def run(ptoas, ptorun, case_dir, work_dir, log=None, ptorun_flags=()):
    case = load_case(case_dir)
    program, problems = build(ptoas, case_dir, work_dir, log)
    if problems:
        return problems
    cmd = [ptorun, program] + run_args(case, case_dir) + list(ptorun_flags)
    outputs = []
    for i, spec in enumerate(case["outs"]):
        path = os.path.join(work_dir, f"out{i}.bin")
        outputs.append(path)
        cmd += ["--out", f"{spec['target']}={path}"]
    if log:
        log(shown(cmd))
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        return [f"ptorun failed ({done.returncode}):\n{done.stderr}"]
    problems = []
    for path, spec in zip(outputs, case["outs"]):
        p = compare(f"output {spec['target']}", path, spec, case_dir, log)
        if p:
            problems.append(p)
    return problems


def run_expect(ptoas, ptorun, case_dir, work_dir, log):
    """The case as a user runs it: ptorun compares its outputs itself (--expect, the case's
    tolerances) and prints the comparison; problems as run() gives them."""
    case = load_case(case_dir)
    program, problems = build(ptoas, case_dir, work_dir, log)
    if problems:
        return problems
    cmd = [ptorun, program] + run_args(case, case_dir)
    for spec in case["outs"]:
        cmd += ["--expect", f"{spec['target']}={os.path.join(case_dir, spec['expect'])}",
                "--rtol", str(spec.get("rtol", 0.0)), "--atol", str(spec.get("atol", 0.0))]
    log(shown(cmd))
    done = subprocess.run(cmd, capture_output=True, text=True)
    log(done.stderr.rstrip("\n"))
    return [] if done.returncode == 0 else [f"ptorun failed ({done.returncode})"]


def run_corpus(verdict, flags_for, check=None, select=None):
    """The main of a test that runs every golden kernel and sample (or the case directories
    given; with \a select, those whose CASE it accepts) with extra ptorun flags: parses --ptoas
    --ptorun --root --work [CASE_DIR ...], runs each case with flags_for(its work directory),
    then check(work directory) for its further problems; prints "N of M kernels " + verdict.
    Returns the exit code."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--ptorun", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("cases", nargs="*", help="case directories (default: all)")
    args = parser.parse_args()
    args.work = tool_work.run_directory(args.work)
    cases = args.cases or sorted(
        os.path.dirname(g) for g in glob.glob(os.path.join(args.root, "tests/golden/*/*/golden.py")) +
        glob.glob(os.path.join(args.root, "samples/*/golden.py")))
    if select:
        cases = [c for c in cases if select(load_case(c))]
    failed = 0
    for case_dir in cases:
        name = os.path.relpath(case_dir, args.root)
        work = os.path.abspath(os.path.join(args.work, name))
        os.makedirs(work, exist_ok=True)
        problems = run(args.ptoas, args.ptorun, os.path.abspath(case_dir), work,
                       ptorun_flags=flags_for(work))
        if not problems and check:
            problems = check(work)
        for p in problems:
            print(f"FAIL {name}: {p}")
        failed += bool(problems)
    print(f"{len(cases) - failed} of {len(cases)} kernels {verdict}")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--ptorun", required=True)
    parser.add_argument("--work", required=True, help="directory for the run's files")
    parser.add_argument("--verbose", action="store_true", help="print commands and errors")
    parser.add_argument("--expect", action="store_true",
                        help="let ptorun compare (--expect) and print the commands and its "
                             "comparison")
    parser.add_argument("case_dir")
    args = parser.parse_args()
    args.work = tool_work.run_directory(args.work)
    if args.expect:
        problems = run_expect(args.ptoas, args.ptorun, os.path.abspath(args.case_dir), args.work,
                              print)
    else:
        problems = run(args.ptoas, args.ptorun, os.path.abspath(args.case_dir), args.work,
                       print if args.verbose else None)
    for p in problems:
        print(f"FAIL {args.case_dir}: {p}")
    if not problems:
        print(f"ok {args.case_dir}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
