"""Checks that every committed golden file is exactly what its case's numpy reference
(golden.py) generates, so expected outputs can only come from the reference."""
import filecmp
import os
import runpy
import sys
import tempfile


def check(case_dir):
    module = runpy.run_path(os.path.join(case_dir, "golden.py"))
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        module["generate"](tmp)
        produced = sorted(os.listdir(tmp))
        committed = sorted(f for f in os.listdir(case_dir) if f.endswith(".bin"))
        if produced != committed:
            problems.append(f"golden.py writes {produced}, the directory has {committed}")
        for name in produced:
            target = os.path.join(case_dir, name)
            if os.path.exists(target) and not filecmp.cmp(os.path.join(tmp, name), target,
                                                          shallow=False):
                problems.append(f"{name} differs from what golden.py generates")
    return problems


def main():
    failed = False
    for case_dir in sys.argv[1:]:
        for p in check(case_dir):
            print(f"FAIL {case_dir}: {p}")
            failed = True
    if not failed:
        print(f"ok: {len(sys.argv) - 1} cases reproduce their committed data")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
