#!/usr/bin/env python3
"""Conformance with PTOAS (v0.60): the public test tree of a PTOAS checkout, run through ptoas
and ptorun.

  tests/conformance/ptoas.py --repo DIR [--build BUILD] [--part lit,samples,tilelang,goldens]
                             [--filter SUBSTRING] [-j N] [--failures] [--keep DIR]

- lit: every ptoas invocation in test/lit/**.pto (ptoas_lit.py): the same verdict as PTOAS
  (a `not ptoas` line must be refused with a located error, any other accepted), with the
  RUN line's --pto-arch and --pto-level as it writes them. Printed per group (test/lit/<group>);
  the negatives of ptoas_lit_not_applicable.txt (refused by PTOAS only for a pass or an
  option with no meaning here) are counted as n/a, outside the rate, and listed with their
  reason.
- samples: every test/samples/**.pto assembled (an object when it has no entry; ptoas_samples.py);
  one named `*_invalid` or `*_xfail` must be refused with a located error, as runop.sh expects.
- tilelang: the TileLang STs of test/tilelang_st (testcase/ and smoke/), each row of each
  main.cpp's case table driven through gen_data.py, ptorun and `compare.py <case>`
  (ptoas_tilelang.py). A gen_data.py that needs a module this Python lacks is a skip.
- goldens: every test/samples kernel with an independent golden script (models' X_golden.py,
  ops' X_golden.py beside X.pto, npu_validation/ and board_validation/ harnesses), with the
  main.cpp and outputs.txt board validation would generate written from the kernel, judged by
  the case's compare script or board validation's default compare (ptoas_goldens.py;
  ptoas_pto_text.py reads the module). Golden scripts that write no golden
  (validation=determinism-only) are counted apart.

One summary line per group and part (with --failures every group, and every miss with its first
error); --keep DIR leaves each case's files under DIR/tilelang or DIR/goldens. The cases' Python
scripts run in an interpreter that has numpy (this one, else /usr/bin/python3). Not part of
ctest: the cases are not ours (docs/conformance.md, "Conformance with PTOAS v0.60", records the
latest summary and the misses by cause).
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from collections import OrderedDict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ptoas_goldens  # noqa: E402
import ptoas_lit  # noqa: E402
import ptoas_samples  # noqa: E402
import ptoas_tilelang  # noqa: E402


def python_with_numpy():
    """The interpreter the cases' Python scripts run in: one that has numpy."""
    for exe in (sys.executable, "/usr/bin/python3"):
        if exe and subprocess.run([exe, "-c", "import numpy"], capture_output=True).returncode == 0:
            return exe
    return sys.executable


PY = python_with_numpy()


def run(cmd, cwd=None, timeout=120, stdin=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                           input=stdin)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout} s"


def first_error(out):
    for line in out.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [line for line in out.splitlines() if line.strip()]
    return lines[0].strip() if lines else ""


LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.M)


def judge_lit(case, ptoas, work):
    """(ok, detail) for one lit invocation: assembled as an object for its architecture."""
    name = Path(case["file"]).name
    src = Path(work) / name
    src.write_text(case["source"], encoding="utf-8")
    cmd = [ptoas, "-c", str(src), "-o", os.devnull]
    if case["arch"]:
        cmd += ["--pto-arch", case["arch"]]
    if case["level"]:
        cmd += ["--pto-level", case["level"]]
    rc, out = run(cmd, timeout=60)
    if rc < 0 or rc > 1:
        return False, f"ptoas crashed or hung (exit {rc}): {first_error(out)}"
    if case["negative"]:
        if rc == 0:
            return False, "accepted; PTOAS refuses it"
        if not LOCATED.search(out):
            return False, f"refused without a located error: {first_error(out)}"
        return True, first_error(out)
    if rc != 0:
        return False, first_error(out)
    return True, ""


def run_lit(args, ptoas):
    cases = ptoas_lit.find_cases(args.repo, args.filter)
    results = []

    def one(case):
        with tempfile.TemporaryDirectory(prefix="ptoas-lit-") as work:
            return case, judge_lit(case, ptoas, work)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for case, (ok, detail) in pool.map(one, cases):
            results.append((case, ok, detail))
    table = OrderedDict()
    for case, ok, _ in results:
        key = (case["group"], "neg" if case["negative"] else "pos")
        row = table.setdefault(key, [0, 0, 0])
        row[2 if "not_applicable" in case else 0 if ok else 1] += 1
    print(f"{'lit group':<24}{'kind':>6}{'pass':>7}{'fail':>7}{'n/a':>6}{'rate':>9}")
    totals = {}
    for (group, kind), counts in sorted(table.items()):
        print(lit_row(group, kind, counts))
        t = totals.setdefault(kind, [0, 0, 0])
        totals[kind] = [a + b for a, b in zip(t, counts)]
    for kind, counts in sorted(totals.items()):
        print(lit_row("all", kind, counts))
    if args.failures:
        for case, ok, detail in results:
            kind = "neg" if case["negative"] else "pos"
            arch = case["arch"] or "-"
            if "not_applicable" in case:
                print(f"N/A  {kind} {arch} {case['name']}: {case['not_applicable']}")
            elif not ok:
                print(f"FAIL {kind} {arch} {case['name']}: {detail}")
    return all(ok or "not_applicable" in case for case, ok, _ in results)


def lit_row(group, kind, counts):
    """One line of the lit table: n/a cases are outside the rate."""
    p, f, na = counts
    return f"{group:<24}{kind:>6}{p:>7}{f:>7}{na:>6}{100.0 * p / max(1, p + f):>8.1f}%"


def run_samples(args, ptoas):
    samples = ptoas_samples.find_samples(args.repo, args.filter)

    def one(item):
        rel, path = item
        with tempfile.TemporaryDirectory(prefix="ptoas-sample-") as work:
            return rel, ptoas_samples.assemble(run, ptoas, rel, path, str(Path(work) / "k.ptobc"))

    table = OrderedDict()
    misses, refused = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for rel, (ok, detail, kind) in pool.map(one, samples):
            row = table.setdefault(rel.split("/")[0], [0, 0])
            row[0 if ok else 1] += 1
            if not ok:
                misses.append((rel, first_error(detail)))
            elif kind == "refused":
                refused.append((rel, first_error(detail)))
    print(f"{'samples dir':<32}{'pass':>7}{'fail':>7}{'rate':>9}")
    p_all = f_all = 0
    for group, (p, f) in table.items():
        if f or args.failures:
            print(f"{group:<32}{p:>7}{f:>7}{100.0 * p / max(1, p + f):>8.1f}%")
        p_all += p
        f_all += f
    print(f"{'all samples assembled':<32}{p_all:>7}{f_all:>7}{100.0 * p_all / max(1, p_all + f_all):>8.1f}%")
    print(f"{'  of which refused as PTOAS does':<32}{len(refused):>7}")
    if args.failures:
        for rel, detail in refused:
            why = ptoas_samples.REFUSED_BY_PTOAS.get(rel, "invalid by its name, as runop.sh expects")
            print(f"REFUSED sample {rel} ({why}): {detail}")
        for rel, detail in misses:
            print(f"FAIL sample {rel}: {detail}")
    return not misses


def print_table(title, groups, failures):
    """One line per group (all of them with --failures, else those with a miss) and the total
    line; groups map a name to its [pass, fail, skip] counts. Returns the totals."""
    print(f"{title:<40}{'pass':>7}{'fail':>7}{'skip':>7}{'rate':>9}")
    total = [0, 0, 0]
    for group, counts in groups.items():
        if counts[1] or failures:
            print(f"{group:<40}" + "".join(f"{n:>7}" for n in counts) + rate(counts))
        total = [a + b for a, b in zip(total, counts)]
    return total


def rate(counts):
    """The pass rate of the cases that ran (skips left out)."""
    ran = counts[0] + counts[1]
    return f"{100.0 * counts[0] / ran:>8.1f}%" if ran else f"{'-':>9}"


def run_tilelang(args, ptoas, ptorun):
    testcases = ptoas_tilelang.find_testcases(args.repo, args.filter)
    keep = Path(args.keep).resolve() / "tilelang" if args.keep else None
    tools = (ptoas, ptorun, PY)
    groups, misses = OrderedDict(), []
    index = {"pass": 0, "fail": 1, "skip": 2}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        runs = pool.map(lambda t: (t[0], ptoas_tilelang.run_testcase(t[0], t[1], tools, keep,
                                                                     args.filter)), testcases)
        for rel, results in runs:
            row = groups.setdefault(rel, [0, 0, 0])
            for label, status, detail in results:
                row[index[status]] += 1
                if status != "pass":
                    misses.append((status, label, detail))
    total = print_table("tilelang testcase dir (cases)", groups, args.failures)
    print(f"{'all tilelang cases (compare.py passes)':<40}" + "".join(f"{n:>7}" for n in total)
          + rate(total))
    dirs_ok = sum(1 for counts in groups.values() if counts[1] == 0 and counts[0])
    print(f"{'tilelang testcase dirs fully passing':<40}{dirs_ok:>7}{len(groups) - dirs_ok:>7}")
    if args.failures:
        for status, label, detail in misses:
            print(f"{status.upper()} tilelang {label}: {detail}")
    return not any(status == "fail" for status, _, _ in misses)


def run_goldens(args, ptoas, ptorun):
    cases, unrunnable = ptoas_goldens.find_cases(args.repo, args.filter)
    keep = Path(args.keep).resolve() / "goldens" if args.keep else None
    tools, gen = (ptoas, ptorun, PY), ptoas_goldens.generator_module(args.repo)
    groups, lines, det = OrderedDict(), [], {"det-ok": 0, "det-fail": 0, "det-skip": 0}
    index = {"pass": 0, "fail": 1, "skip": 2}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        runs = pool.map(lambda c: ptoas_goldens.run_case(c, tools, keep, gen, args.repo), cases)
        for label, status, detail in runs:
            row = groups.setdefault(label.split("/")[0], [0, 0, 0])
            if status in det:
                det[status] += 1
            else:
                row[index[status]] += 1
            if status != "pass":
                lines.append((status, label, detail))
    total = print_table("golden sample dir (cases)", groups, args.failures)
    print(f"{'all cases with an independent golden':<40}" + "".join(f"{n:>7}" for n in total)
          + rate(total))
    print(f"{'determinism-only (no golden): ran/fail/skip':<40}{det['det-ok']:>7}"
          f"{det['det-fail']:>7}{det['det-skip']:>7}")
    print(f"{'golden scripts without a .pto kernel':<40}{len(unrunnable):>7}")
    if args.failures:
        order = {"fail": 0, "skip": 1, "det-fail": 2, "det-skip": 3, "det-ok": 4}
        for status, label, detail in sorted(lines, key=lambda l: order[l[0]]):
            kind = {"det-ok": "DETERMINISM-ONLY ran", "det-fail": "DETERMINISM-ONLY FAIL",
                    "det-skip": "DETERMINISM-ONLY SKIP"}.get(status, status.upper())
            print(f"{kind} golden {label}" + (f": {detail}" if detail else ""))
        for label, reason in unrunnable:
            print(f"NO-PTO golden {label}: {reason}")
    return total[1] == 0 and det["det-fail"] == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", required=True, help="a checkout of PTOAS v0.60")
    ap.add_argument("--build", default=str(HERE.parent.parent / "build"))
    ap.add_argument("--part", default="lit,samples,tilelang,goldens")
    ap.add_argument("--filter", default=None)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--failures", action="store_true", help="list every miss")
    ap.add_argument("--keep", default=None, help="keep each run's files under this directory")
    args = ap.parse_args()
    build = Path(args.build).resolve()  # the parts run their tools from other directories
    ptoas, ptorun = str(build / "asm" / "ptoas"), str(build / "interp" / "ptorun")
    for tool in (ptoas, ptorun):
        if not Path(tool).exists():
            sys.exit(f"ptoas.py: {tool} does not exist (build first, or pass --build)")
    parts = args.part.split(",")
    ok = True
    if "lit" in parts:
        ok &= run_lit(args, ptoas)
    if "samples" in parts:
        ok &= run_samples(args, ptoas)
    if "tilelang" in parts:
        ok &= run_tilelang(args, ptoas, ptorun)
    if "goldens" in parts:
        ok &= run_goldens(args, ptoas, ptorun)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
