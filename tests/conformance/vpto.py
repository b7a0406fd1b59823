#!/usr/bin/env python3
"""Runs the public VPTO cases (test/vpto/cases of vpto-dev/PTOAS or hw-native-sys/PTOAS) through
ptoas and ptorun the way PTOAS's own validation flow does, and lets each case's compare.py judge.

  tests/conformance/vpto.py --repo DIR [--build BUILD] [--filter SUBSTRING] [--keep DIR] [-j N]

For each case directory holding kernel.pto, golden.py and compare.py: golden.py writes v1.bin ...
and golden_vK.bin into a fresh directory; ptoas assembles kernel.pto; ptorun runs it with one
argument per kernel parameter, in order (the file main.cpp reads for it, else vI.bin for
parameter I; a scalar parameter main.cpp reads from a file gets the file's value); every
output main.cpp writes back (or a golden exists for) is written after the run; compare.py, run in that directory, decides. One line per
case, then a summary by family (the directory above the case). Not part of ctest: the cases
are not ours (docs/conformance.md records the latest summary and why each failure fails).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import OrderedDict
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable


def find_cases(repo, pattern):
    root = Path(repo) / "test" / "vpto" / "cases"
    if not root.is_dir():
        sys.exit(f"vpto.py: {root} does not exist (pass --repo a checkout with test/vpto/cases)")
    cases = []
    for kernel in sorted(root.rglob("kernel.pto")):
        d = kernel.parent
        if (d / "golden.py").exists() and (d / "compare.py").exists():
            rel = d.relative_to(root).as_posix()
            if pattern is None or pattern in rel:
                cases.append((rel, d))
    return cases


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout} s"


def parameters(ptoas, bytecode, cwd):
    """The entry's parameters, (name, type) pairs, from ptoas --dump-header."""
    rc, out = run([ptoas, "--dump-header", bytecode], cwd, 60)
    if rc != 0:
        return None
    entry = re.search(r"entry @(\S+)", out)
    params, inside = [], False
    for line in out.splitlines():
        m = re.match(r"function \d+ @(\S+):", line)
        if m:
            inside = entry is not None and m.group(1) == entry.group(1)
        m = re.match(r"\s+param %(\S+): (.*)", line)
        if inside and m:
            params.append((m.group(1), m.group(2).strip()))
    return params


# numpy's name for the element of each scalar parameter type a case may pass by value.
SCALAR_TYPES = {"i8": "int8", "ui8": "uint8", "i16": "int16", "ui16": "uint16", "i32": "int32",
                "ui32": "uint32", "i64": "int64", "ui64": "uint64", "index": "int64",
                "f16": "float16", "f32": "float32", "i1": "bool"}


def scalar_from_file(path, type_name):
    """The first element of a file written by golden.py, as a ptorun literal, for a scalar
    parameter main.cpp reads from that file and passes by value."""
    import numpy as np
    value = np.fromfile(path, dtype=SCALAR_TYPES[type_name], count=1)
    if value.size == 0:
        return None
    v = value[0].item()
    return ("true" if v else "false") if type_name == "i1" else repr(v)


def scalar_arguments(case_dir):
    """Literal scalar arguments the case's launch.cpp passes, by position (rarely any)."""
    launch = case_dir / "launch.cpp"
    if not launch.exists():
        return {}
    text = launch.read_text(errors="replace")
    m = re.search(r"<<<[^>]*>>>\((.*?)\);", text, re.S)
    if not m:
        return {}
    args = [a.strip() for a in m.group(1).split(",")]
    out = {}
    for i, a in enumerate(args):
        a = re.sub(r"^\(.*?\)", "", a).strip()
        if re.fullmatch(r"-?\d+(\.\d*)?([eE]-?\d+)?[fFuUlL]*", a):
            out[i] = a.rstrip("fFuUlL")
    return out


def files_of_parameters(case_dir):
    """The files main.cpp connects to each kernel parameter, by position: {i: (read, written)},
    the stems of ReadFile("./X.bin", .., host, ..) for the host buffer (or scalar) the launch
    argument comes from (aclrtMemcpy HOST_TO_DEVICE), and of WriteFile("./Y.bin", host, ..)
    for the one it goes back to (DEVICE_TO_HOST); either may be None. {} when main.cpp is
    absent or does not launch exactly once."""
    main_cpp = case_dir / "main.cpp"
    if not main_cpp.exists():
        return {}
    text = main_cpp.read_text(errors="replace")
    read = {m.group(2): m.group(1) for m in
            re.finditer(r'ReadFile\("\./(\w+)\.bin",\s*\w+,\s*&?(\w+)', text)}
    written = {m.group(2): m.group(1) for m in
               re.finditer(r'WriteFile\("\./(\w+)\.bin",\s*&?(\w+)', text)}
    to_device = {m.group(1): m.group(2) for m in
                 re.finditer(r"aclrtMemcpy\((\w+),\s*[^,]+,\s*(\w+),[^;]*HOST_TO_DEVICE", text)}
    to_host = {m.group(2): m.group(1) for m in
               re.finditer(r"aclrtMemcpy\((\w+),\s*[^,]+,\s*(\w+),[^;]*DEVICE_TO_HOST", text)}
    calls = re.findall(r"\n\s*Launch\w*\(([^;]*?)\);", text)
    if len(calls) != 1:
        return {}
    out = {}
    for i, arg in enumerate(a.strip() for a in calls[0].split(",")):
        arg = re.sub(r"^\(.*?\)", "", arg).strip()
        source = read.get(to_device.get(arg, arg))  # a device buffer, or a host scalar
        sink = written.get(to_host.get(arg, ""))
        if source or sink:
            out[i] = (source, sink)
    return out


def block_count(case_dir):
    """The block count the case's launch.cpp launches with (<<<N, ...>>>), when a literal."""
    launch = case_dir / "launch.cpp"
    if not launch.exists():
        return None
    m = re.search(r"<<<\s*(\d+)\s*,", launch.read_text(errors="replace"))
    return int(m.group(1)) if m else None


def run_case(rel, case_dir, build, keep):
    ptoas = str(build / "asm" / "ptoas")
    ptorun = str(build / "interp" / "ptorun")
    work = Path(tempfile.mkdtemp(prefix="vpto-")) if keep is None else keep / rel
    if keep is not None:
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
    try:
        for f in ("kernel.pto", "golden.py", "compare.py"):
            shutil.copy(case_dir / f, work / f)
        # A family's shared helpers (_name.py beside its cases) are imported by the goldens.
        for helper in case_dir.parent.glob("_*.py"):
            shutil.copy(helper, work / helper.name)
        rc, out = run([PY, "golden.py", "--output-dir", "."], work, 600)
        if rc != 0:
            return rel, "skip", "golden.py fails here: " + last_line(out)
        rc, out = run([ptoas, "kernel.pto", "-o", "kernel.ptobc"], work, 120)
        if rc != 0:
            return rel, "fail", "ptoas: " + first_error(out)
        params = parameters(ptoas, "kernel.ptobc", work)
        if params is None:
            return rel, "fail", "ptoas --dump-header failed"
        scalars = scalar_arguments(case_dir)
        files = files_of_parameters(case_dir)
        args, outs, backs = [], [], []
        for i, (name, type_name) in enumerate(params):
            source, sink = files.get(i, (None, None))
            # Inputs are the file main.cpp reads for the parameter, else v<i+1>.bin, else
            # <param>.bin when the golden names them after the parameters (input.bin,
            # output.bin and golden_output.bin).
            stems = [s for s in (source, f"v{i + 1}", name) if s]
            stem = next((s for s in stems if (work / f"{s}.bin").exists()), None)
            if type_name in SCALAR_TYPES and i in scalars:
                args.append(scalars[i])  # a literal in launch.cpp's call
            elif stem is not None and type_name in SCALAR_TYPES:
                # main.cpp reads the file into a host scalar and passes its value.
                value = scalar_from_file(work / f"{stem}.bin", type_name)
                if value is None:
                    return rel, "fail", f"{stem}.bin is empty (parameter {i + 1}, {type_name})"
                args.append(value)
            elif stem is not None:
                args.append(f"{stem}.bin")
                back = sink or stem
                if sink or (work / f"golden_{stem}.bin").exists():
                    outs += ["--out", f"{i + 1}=out_{i + 1}.bin"]
                    backs.append((i + 1, stem, back))
            elif i in scalars:
                args.append(scalars[i])
            else:
                return rel, "fail", f"no {stems[0]}.bin and no literal for parameter {i + 1}"
        blocks = block_count(case_dir)
        launch = ["--blocks", str(blocks)] if blocks and blocks > 1 else []
        rc, out = run([ptorun, "kernel.ptobc", *args, *outs, *launch], work, 600)
        note = ""
        if rc != 0 and OVERRUN.search(out):
            # The kernel reaches past a GM buffer its main.cpp allocates. On the NPU that
            # memory is the rest of the 2 MiB page aclrtMalloc(HUGE_FIRST) gave the buffer and
            # nothing faults; run again with each buffer padded so, and say so.
            first = first_error(out)
            sizes = pad_buffers(work, args)
            rc, out = run([ptorun, "kernel.ptobc", *args, *outs, *launch], work, 600)
            for k, stem, _ in backs:
                if (work / f"out_{k}.bin").exists():
                    os.truncate(work / f"out_{k}.bin", sizes[f"{stem}.bin"])
            note = "overruns its GM buffer (" + first.split("error: ", 1)[-1] + ")"
        if rc != 0:
            return rel, "fail", "ptorun: " + first_error(out)
        for k, _, back in backs:
            os.replace(work / f"out_{k}.bin", work / f"{back}.bin")
        rc, out = run([PY, "compare.py"], work, 600)
        if rc != 0:
            return rel, "fail", "compare.py: " + last_line(out) + (f"; {note}" if note else "")
        return rel, "pass", note
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


OVERRUN = re.compile(r"(reads|writes) bytes \[\d+, \d+\) of %\w+ \(")
HUGE_PAGE = 2 << 20


def pad_buffers(work, args):
    """Pads each file argument with zeros to a whole number of 2 MiB pages; returns the old sizes."""
    sizes = {}
    for a in args:
        path = work / a
        if a.endswith(".bin") and path.exists():
            sizes[a] = path.stat().st_size
            os.truncate(path, max(HUGE_PAGE, -(-sizes[a] // HUGE_PAGE) * HUGE_PAGE))
    return sizes


def first_error(out):
    for line in out.splitlines():
        if "error" in line:
            return line.strip()
    return last_line(out)


def last_line(out):
    lines = [l for l in out.strip().splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="a checkout with test/vpto/cases")
    ap.add_argument("--build", default=str(HERE.parent.parent / "build"), help="the build tree")
    ap.add_argument("--filter", help="only cases whose path contains this")
    ap.add_argument("--keep", help="keep each case's files under this directory")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1, help="cases run at once")
    a = ap.parse_args()
    build = Path(a.build).resolve()
    keep = Path(a.keep).resolve() if a.keep else None
    cases = find_cases(a.repo, a.filter)
    results = []
    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        for rel, status, why in pool.map(lambda c: run_case(c[0], c[1], build, keep), cases):
            print(f"{status:4} {rel}" + (f"  -- {why}" if why else ""), flush=True)
            results.append((rel, status))
    families = OrderedDict()
    for rel, status in results:
        fam = rel.rsplit("/", 1)[0]
        families.setdefault(fam, {"pass": 0, "fail": 0, "skip": 0})[status] += 1
    print("\nfamily                                    pass  fail  skip   rate")
    total = {"pass": 0, "fail": 0, "skip": 0}
    for fam, n in families.items():
        for k in total:
            total[k] += n[k]
        ran = n["pass"] + n["fail"]
        rate = f"{100 * n['pass'] / ran:5.1f}%" if ran else "    -"
        print(f"{fam:40} {n['pass']:5} {n['fail']:5} {n['skip']:5} {rate}")
    ran = total["pass"] + total["fail"]
    rate = f"{100 * total['pass'] / ran:5.1f}%" if ran else "    -"
    print(f"{'all':40} {total['pass']:5} {total['fail']:5} {total['skip']:5} {rate}")
    return 0 if total["fail"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
