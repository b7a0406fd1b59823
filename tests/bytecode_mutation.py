"""Damages the bytecode of every golden test and sample thousands of times (pto_mutate) and
checks that loading and running each variant only ever ends in success or an error message,
never a crash. A failure names the program and the seed that reproduces it."""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import golden_case  # noqa: E402
import tool_work  # noqa: E402  (tests/tool_work.py: one work directory per run)


def check(job):
    mutate, ptoas, case_dir, work, seed, count = job
    case = golden_case.load_case(case_dir)
    program, problems = golden_case.build(ptoas, case_dir, work)
    if problems:
        return f"{case_dir}: cannot build: {problems[0]}"
    args = [a for a in golden_case.run_args(case, case_dir)]
    done = subprocess.run([mutate, program, str(seed), str(count)] + args,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          cwd=work)
    if done.returncode != 0:
        how = f"signal {-done.returncode}" if done.returncode < 0 else f"exit {done.returncode}"
        return (f"{case_dir}: {how} (reproduce: {mutate} {program} {seed} {count} "
                f"{' '.join(args)})\n{done.stderr[-2000:]}")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutate", required=True, help="the pto_mutate binary")
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--count", type=int, default=30, help="variants per golden test")
    parser.add_argument("--sample-count", type=int, default=1500, help="variants per sample")
    args = parser.parse_args()
    args.work = tool_work.run_directory(args.work)
    jobs = []
    cases = sorted(glob.glob(os.path.join(args.root, "samples/*/golden.py")) +
                   glob.glob(os.path.join(args.root, "tests/golden/*/*/golden.py")))
    for i, golden in enumerate(cases):
        case_dir = os.path.dirname(golden)
        count = args.sample_count if "/samples/" in golden else args.count
        jobs.append((args.mutate, args.ptoas, case_dir, os.path.join(args.work, str(i)), 7 + i,
                     count))
    variants = sum(j[5] for j in jobs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = [f for f in pool.map(check, jobs) if f]
    for f in failures:
        print("FAIL " + f)
    print(f"{len(jobs)} programs, {variants} damaged variants: "
          f"{'no crash' if not failures else f'{len(failures)} programs crashed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
