"""Checks a ptorun --timeline file against the Chrome trace event format (the JSON object form
that Perfetto and chrome://tracing load) and against what the estimate promises: slices of
one track (a pipe) never overlap, every flow arrow starts and ends inside a slice, and the
last slice ends at the estimate's cycle count.

    chrome_trace_check.py FILE.json ...
"""
import json
import math
import sys

PHASES = {"X", "M", "C", "s", "f"}
METADATA = {"process_name", "thread_name", "thread_sort_index"}


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check(trace):
    """The problems of one parsed trace, as strings."""
    problems = []
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        return ["not an object with a traceEvents array"]
    if trace.get("displayTimeUnit") not in (None, "ms", "ns"):
        problems.append(f"displayTimeUnit {trace.get('displayTimeUnit')!r}")
    named, slices, flows = set(), {}, {}
    for i, e in enumerate(trace["traceEvents"]):
        where = f"event {i}"
        if not isinstance(e, dict) or e.get("ph") not in PHASES:
            problems.append(f"{where}: no known ph")
            continue
        ph = e["ph"]
        if not isinstance(e.get("pid"), int):
            problems.append(f"{where}: pid is not an integer")
        if ph == "M":
            if e.get("name") not in METADATA or not isinstance(e.get("args"), dict):
                problems.append(f"{where}: metadata {e.get('name')!r} without args")
            if e.get("name") == "thread_name":
                named.add((e["pid"], e.get("tid")))
            continue
        if not number(e.get("ts")) or e["ts"] < 0:
            problems.append(f"{where}: ts {e.get('ts')!r}")
            continue
        if ph == "X":
            if not isinstance(e.get("name"), str) or not isinstance(e.get("tid"), int):
                problems.append(f"{where}: slice without name or tid")
            elif not number(e.get("dur")) or e["dur"] < 0:
                problems.append(f"{where}: dur {e.get('dur')!r}")
            else:
                slices.setdefault((e["pid"], e["tid"]), []).append(e)
        elif ph == "C":
            args = e.get("args")
            if not isinstance(args, dict) or not args or not all(number(v) for v in args.values()):
                problems.append(f"{where}: counter without numeric args")
        else:
            if "id" not in e or not isinstance(e.get("tid"), int):
                problems.append(f"{where}: flow without id or tid")
                continue
            if ph == "f" and e.get("bp") != "e":
                problems.append(f"{where}: flow end without bp=e")
            flows.setdefault(e["id"], {}).setdefault(ph, []).append(e)
    for track, events in slices.items():
        if track not in named:
            problems.append(f"track {track} has slices but no thread_name")
        # A pipe runs its instructions in order: one at a time (cycles are exact in args).
        events.sort(key=lambda e: (e["args"]["start"], e["args"]["cycles"]))
        for a, b in zip(events, events[1:]):
            if a["args"]["start"] + a["args"]["cycles"] > b["args"]["start"]:
                problems.append(f"track {track}: {a['name']} and {b['name']} overlap")
                break
    def inside(e):
        return any(s["ts"] <= e["ts"] <= s["ts"] + s["dur"] + 1e-9
                   for s in slices.get((e["pid"], e["tid"]), []))
    for fid, ends in flows.items():
        if len(ends.get("s", [])) != 1 or len(ends.get("f", [])) != 1:
            problems.append(f"flow {fid}: not one start and one end")
            continue
        s, f = ends["s"][0], ends["f"][0]
        if f["ts"] < s["ts"]:
            problems.append(f"flow {fid}: ends before it starts")
        if not inside(s) or not inside(f):
            problems.append(f"flow {fid}: an end outside every slice of its track")
    cycles = trace.get("otherData", {}).get("cycles")
    ends = [e["args"]["start"] + e["args"]["cycles"] for t in slices.values() for e in t]
    if ends and cycles is not None and max(ends) > cycles:
        problems.append(f"a slice ends at {max(ends)}, after the estimate's {cycles} cycles")
    return problems


def main():
    failed = 0
    for path in sys.argv[1:]:
        with open(path) as f:
            problems = check(json.load(f))
        for p in problems:
            print(f"{path}: {p}")
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
