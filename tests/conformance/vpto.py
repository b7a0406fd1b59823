#!/usr/bin/env python3
"""Runs the public VPTO cases (test/vpto/cases of vpto-dev/PTOAS or hw-native-sys/PTOAS) through
ptoas and ptorun the way PTOAS's own validation flow does, and lets each case's compare.py judge.

  tests/conformance/vpto.py --repo DIR [--build BUILD] [--filter SUBSTRING] [--keep DIR] [-j N]

For each case directory holding kernel.pto, golden.py and compare.py: golden.py writes v1.bin ...
and golden_vK.bin into a fresh directory; ptoas assembles kernel.pto; ptorun runs it with one
argument per kernel parameter, in order (vI.bin for parameter I); every vK.bin a golden exists
for is written back after the run; compare.py, run in that directory, decides. One line per
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
    """The entry's parameters (name, scalar?) from ptoas --dump-header."""
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
            params.append(m.group(1))
    return params


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


def file_of_parameter(case_dir):
    """Which vK.bin each kernel parameter gets when the case's main.cpp says otherwise than
    parameter K: ReadFile("./vK.bin", .., XHost, ..), aclrtMemcpy(XDevice, .., XHost, ..) and
    the launch call's argument list. {} when main.cpp is absent or reads in parameter order."""
    main_cpp = case_dir / "main.cpp"
    if not main_cpp.exists():
        return {}
    text = main_cpp.read_text(errors="replace")
    host_file = {m.group(2): int(m.group(1)) for m in
                 re.finditer(r'ReadFile\("\./v(\d+)\.bin",\s*\w+,\s*(\w+)', text)}
    dev_host = {m.group(1): m.group(2) for m in
                re.finditer(r"aclrtMemcpy\((\w+),\s*[^,]+,\s*(\w+),[^;]*HOST_TO_DEVICE", text)}
    calls = re.findall(r"\n\s*Launch\w*\(([^;]*?)\);", text)
    if len(calls) != 1:
        return {}
    out = {}
    for i, arg in enumerate(a.strip() for a in calls[0].split(",")):
        arg = re.sub(r"^\(.*?\)", "", arg).strip()
        k = host_file.get(dev_host.get(arg, ""))
        if k is not None:
            out[i] = k
    return {} if all(k == i + 1 for i, k in out.items()) else out
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
        files = file_of_parameter(case_dir)
        args, outs, backs = [], [], []
        for i, name in enumerate(params):
            k = files.get(i, i + 1)
            # Inputs are v<k>.bin (k from main.cpp's order), or <param>.bin when the golden
            # names them after the parameters (input.bin, output.bin and golden_output.bin).
            stem = f"v{k}" if (work / f"v{k}.bin").exists() else name
            if (work / f"{stem}.bin").exists():
                args.append(f"{stem}.bin")
                if (work / f"golden_{stem}.bin").exists():
                    outs += ["--out", f"{i + 1}=out_{stem}.bin"]
                    backs.append(stem)
            elif i in scalars:
                args.append(scalars[i])
            else:
                return rel, "fail", f"no v{k}.bin and no literal for parameter {i + 1}"
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
            for stem in backs:
                if (work / f"out_{stem}.bin").exists():
                    os.truncate(work / f"out_{stem}.bin", sizes[f"{stem}.bin"])
            note = "overruns its GM buffer (" + first.split("error: ", 1)[-1] + ")"
        if rc != 0:
            return rel, "fail", "ptorun: " + first_error(out)
        for stem in backs:
            os.replace(work / f"out_{stem}.bin", work / f"{stem}.bin")
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
