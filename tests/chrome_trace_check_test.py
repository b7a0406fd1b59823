"""chrome_trace_check.py finds what it must: each broken trace below has one problem."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chrome_trace_check  # noqa: E402


def trace(*events, cycles=100):
    meta = [{"ph": "M", "name": "thread_name", "pid": 0, "tid": 1, "args": {"name": "core PIPE_V"}}]
    return {"displayTimeUnit": "ns", "otherData": {"cycles": cycles}, "traceEvents": meta + list(events)}


def slice_(start, cycles, tid=1):
    return {"ph": "X", "name": "tadd", "pid": 0, "tid": tid, "ts": start / 1850, "dur": cycles / 1850,
            "args": {"start": start, "cycles": cycles}}


def main():
    good = trace(slice_(0, 10), slice_(10, 5),
                 {"ph": "s", "id": 1, "pid": 0, "tid": 1, "ts": 0.0},
                 {"ph": "f", "bp": "e", "id": 1, "pid": 0, "tid": 1, "ts": 10 / 1850})
    cases = {
        "a good trace": (good, 0),
        "two slices of a pipe at once": (trace(slice_(0, 10), slice_(5, 5)), 1),
        "a flow with no end": (trace(slice_(0, 10), {"ph": "s", "id": 2, "pid": 0, "tid": 1, "ts": 0.0}), 1),
        "a slice after the kernel's end": (trace(slice_(0, 10), cycles=5), 1),
        "a track with no name": (trace(slice_(0, 10, tid=2)), 1),
        "a negative duration": (trace(dict(slice_(0, 10), dur=-1)), 1),
        "no traceEvents": ({"events": []}, 1),
    }
    failed = 0
    for what, (t, want) in cases.items():
        got = chrome_trace_check.check(t)
        if len(got) != want:
            print(f"FAIL {what}: {got}")
            failed += 1
    print(f"{len(cases) - failed} of {len(cases)} traces judged right")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
