"""The sanitizer's mutation test: in each hand-synchronised golden kernel, remove each
set_flag and each wait_flag in turn, each set/wait pair, and each mem_bar, run the kernel,
and check that ptorun --check reports it.

  a removed wait_flag: the set it took is reported (pending, or set again), at its line;
  a removed set_flag: the wait it satisfied is reported (nothing sets it), at its line;
  a removed pair: counted when a race is reported. Some pairs order nothing that needs it (a
  barrier after them does the same); each kernel must have at least one pair whose removal is
  a race;
  a removed mem_bar: a race inside the vector scope, whose advice is a mem_bar;
  in a kernel whose block runs as cores apart (clean under --check=strict), a removed sync.wait:
  a race (between cores, or between the pipes the wait ordered); a removed sync.set: the wait
  it satisfied is reported (a deadlock), at a sync.wait line.

Usage: sync_mutation.py --ptoas P --ptorun R --work DIR (--root DIR | CASE_DIR...)
(--root: every golden case and sample whose kernel has a set_flag, wait_flag or mem_bar).
"""
import argparse
import glob
import os
import re
import subprocess
import sys

import golden_case
import tool_work  # noqa: E402  (tests/tool_work.py: one work directory per run)

SYNC = re.compile(r"\b(set_flag|wait_flag)\b(.*)$")
MEM_BAR = re.compile(r"\bmem_bar\b")
CROSS = re.compile(r"\bsync\.(set|wait)\b")


def sync_lines(lines):
    """(index, kind, key) of each set_flag / wait_flag statement."""
    out = []
    for i, line in enumerate(lines):
        code = line.split("//")[0]
        m = SYNC.search(code)
        if m:
            out.append((i, m.group(1), re.sub(r"\s+", "", m.group(2))))
    return out


def mem_bar_lines(lines):
    """The index of each mem_bar statement."""
    return [i for i, line in enumerate(lines) if MEM_BAR.search(line.split("//")[0])]


def cross_lines(lines):
    """(index, "set" or "wait") of each cross-core sync.set / sync.wait statement."""
    out = []
    for i, line in enumerate(lines):
        m = CROSS.search(line.split("//")[0])
        if m:
            out.append((i, m.group(1)))
    return out


def run(args, case, case_dir, lines, removed, work, extra=()):
    """(exit status, stderr) of the case's kernel with the lines \a removed blanked (None when
    it does not assemble)."""
    src = os.path.join(work, "mutant.pto")
    with open(src, "w") as f:
        f.write("".join("//\n" if i in removed else l for i, l in enumerate(lines)))
    prog = os.path.join(work, "mutant.ptobc")
    cmd = [args.ptoas, src, "-o", prog] + (["--arch", case["arch"]] if "arch" in case else [])
    if "entry" in case:
        cmd += ["--entry", case["entry"]]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        return None, done.stderr
    done = subprocess.run([args.ptorun, prog] + golden_case.run_args(case, case_dir) + list(extra),
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stderr


def check_case(args, case_dir):
    case = golden_case.load_case(case_dir)
    kernel = os.path.join(case_dir, case.get("kernel", "kernel.pto"))
    with open(kernel) as f:
        lines = f.readlines()
    syncs = sync_lines(lines)
    problems, pairs, detected = [], 0, 0
    work = os.path.join(args.work, os.path.basename(case_dir))
    os.makedirs(work, exist_ok=True)
    for i, kind, key in syncs:
        partners = [j for j, k, kk in syncs if kk == key and k != kind]
        code, err = run(args, case, case_dir, lines, {i}, work)
        named = any(f"mutant.pto:{j + 1}:" in err for j in partners)
        if code != 1 or not named:
            problems.append(f"removing the {kind} at line {i + 1} was not reported at its "
                            f"partner (lines {[j + 1 for j in partners]}): exit {code}\n{err}")
    for i, kind, key in syncs:
        if kind != "set_flag":
            continue
        waits = [j for j, k, kk in syncs if kk == key and k == "wait_flag" and j > i]
        if not waits:
            continue
        pairs += 1
        code, err = run(args, case, case_dir, lines, {i, waits[0]}, work)
        detected += code == 1 and "error: race:" in err
    if pairs and not detected:
        problems.append(f"removing none of its {pairs} set/wait pairs gives a race")
    bars = mem_bar_lines(lines)
    for i in bars:
        code, err = run(args, case, case_dir, lines, {i}, work)
        if code != 1 or "error: race:" not in err or 'a mem_bar "' not in err:
            problems.append(f"removing the mem_bar at line {i + 1} gave no race that a mem_bar "
                            f"orders: exit {code}\n{err}")
    cross = cross_lines(lines)
    if cross and run(args, case, case_dir, lines, set(), work, ["--check=strict"])[0] == 0:
        waits = [j + 1 for j, k in cross if k == "wait"]
        for i, kind in cross:
            code, err = run(args, case, case_dir, lines, {i}, work, ["--check=strict"])
            if kind == "wait" and (code != 1 or "error: race:" not in err):
                problems.append(f"removing the sync.wait at line {i + 1} gave no race: exit "
                                f"{code}\n{err}")
            if kind == "set" and (code != 1 or not any(f"mutant.pto:{j}:" in err for j in waits)):
                problems.append(f"removing the sync.set at line {i + 1} was not reported at a "
                                f"sync.wait: exit {code}\n{err}")
    else:
        cross = []
    return problems, len(syncs) + len(bars) + len(cross), pairs, detected


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ptoas", required=True)
    p.add_argument("--ptorun", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--root", help="the source tree: check every synchronised golden kernel")
    p.add_argument("cases", nargs="*")
    args = p.parse_args()
    args.work = tool_work.run_directory(args.work)
    if args.root:
        for pattern in ("tests/golden/*/*/golden.py", "samples/*/golden.py"):
            for golden in sorted(glob.glob(os.path.join(args.root, pattern))):
                case_dir = os.path.dirname(golden)
                case = golden_case.load_case(case_dir)
                with open(os.path.join(case_dir, case.get("kernel", "kernel.pto"))) as f:
                    lines = f.readlines()
                    if ((sync_lines(lines) or mem_bar_lines(lines) or cross_lines(lines))
                            and not case.get("objects")):
                        args.cases.append(case_dir)
    failed = False
    totals = [0, 0, 0]
    for case_dir in args.cases:
        problems, syncs, pairs, detected = check_case(args, os.path.abspath(case_dir))
        totals = [totals[0] + syncs, totals[1] + pairs, totals[2] + detected]
        for problem in problems:
            print(f"FAIL {case_dir}: {problem}")
            failed = True
    print(f"{'FAIL' if failed else 'ok'}: {len(args.cases)} kernels, {totals[0]} sync "
          f"instructions (flags, mem_bars, cross-core syncs) removed one at a time, {totals[2]} of "
          f"{totals[1]} set/wait pairs removed gave a race")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
