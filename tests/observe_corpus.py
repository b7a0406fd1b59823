"""Runs every golden kernel and sample with everything ptorun can observe turned on (--stats,
--trace, --profile=CSV, --timeline): the results must still match the numpy references, the
timeline must pass chrome_trace_check.py, and the three files must agree with each other
(the CSV's executed instructions are the trace's records, its cycles the timeline's).

    observe_corpus.py --ptoas PTOAS --ptorun PTORUN --root DIR --work DIR [CASE_DIR ...]
"""
import csv
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
    # a slice's cycles on its pipe, and the scalar unit's cycle issuing it there
    sliced = sum(e["args"]["cycles"] + e["args"].get("issue", 0)
                 for e in timeline["traceEvents"] if e["ph"] == "X")
    if cycles != sliced:
        problems.append(f"the CSV charges {cycles} cycles, the timeline's slices {sliced}")
    return problems


def flags(work):
    return ["--stats", "--trace", os.path.join(work, "trace.jsonl"),
            "--profile=" + os.path.join(work, "profile.csv"),
            "--timeline", os.path.join(work, "timeline.json")]


def main():
    return golden_case.run_corpus("pass observed", flags, agree)


if __name__ == "__main__":
    sys.exit(main())
