"""Runs every golden kernel and sample with everything ptorun can observe turned on (--stats,
--trace, --profile=CSV, --timeline): the results must still match the numpy references, the
timeline must pass chrome_trace_check.py, and the three files must agree with each other
(the CSV's executed instructions are the trace's records, its cycles the timeline's).

    observe_corpus.py --ptoas PTOAS --ptorun PTORUN --root DIR --work DIR [CASE_DIR ...]
"""
import argparse
import csv
import glob
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chrome_trace_check  # noqa: E402
import golden_case  # noqa: E402


def agree(work):
    """The problems between one run's trace, per-line table and timeline."""
    with open(os.path.join(work, "trace.jsonl")) as f:
        records = sum(1 for _ in f)
    with open(os.path.join(work, "profile.csv")) as f:
        rows = list(csv.DictReader(f))
    with open(os.path.join(work, "timeline.json")) as f:
        timeline = json.load(f)
    problems = chrome_trace_check.check(timeline)
    executed = sum(int(r["executed"]) for r in rows)
    if executed != records:
        problems.append(f"the CSV counts {executed} instructions, the trace {records}")
    cycles = sum(int(r["cycles"]) for r in rows)
    sliced = sum(e["args"]["cycles"] for e in timeline["traceEvents"] if e["ph"] == "X")
    if cycles != sliced:
        problems.append(f"the CSV charges {cycles} cycles, the timeline's slices {sliced}")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--ptorun", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("cases", nargs="*", help="case directories (default: all)")
    args = parser.parse_args()
    cases = args.cases or sorted(
        os.path.dirname(g) for g in glob.glob(os.path.join(args.root, "tests/golden/*/*/golden.py")) +
        glob.glob(os.path.join(args.root, "samples/*/golden.py")))
    failed = 0
    for case_dir in cases:
        name = os.path.relpath(case_dir, args.root)
        work = os.path.abspath(os.path.join(args.work, name))
        os.makedirs(work, exist_ok=True)
        flags = ["--stats", "--trace", os.path.join(work, "trace.jsonl"),
                 "--profile=" + os.path.join(work, "profile.csv"),
                 "--timeline", os.path.join(work, "timeline.json")]
        problems = golden_case.run(args.ptoas, args.ptorun, os.path.abspath(case_dir), work,
                                   ptorun_flags=flags)
        if not problems:
            problems = agree(work)
        for p in problems:
            print(f"FAIL {name}: {p}")
        failed += bool(problems)
    print(f"{len(cases) - failed} of {len(cases)} kernels pass observed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
