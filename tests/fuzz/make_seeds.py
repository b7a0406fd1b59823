"""Seed corpora for the fuzz targets: the bytecode of every golden program and sample (for the
loader) and every .pto of the test suite (for the assembler), with sources that nest at and
past the assembler's limit or hold many functions (tests/deep_inputs.py). Empties the
directories the fuzzers write new inputs to."""
import argparse
import glob
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import deep_inputs  # noqa: E402
import golden_case  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.ptoas, args.work = os.path.abspath(args.ptoas), os.path.abspath(args.work)
    dirs = {name: os.path.join(args.work, name) for name in
            ("loader_seeds", "loader_new", "assembler_seeds", "assembler_new", "runner_new")}
    for d in dirs.values():
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    # Assembled from the source root by relative paths, the seeds' line tables name the same
    # files on every checkout: a fuzz failure in CI replays here byte for byte.
    os.chdir(args.root)
    cases = sorted(glob.glob("tests/golden/*/*/golden.py") + glob.glob("samples/*/golden.py"))
    for i, golden in enumerate(cases):
        case_dir = os.path.dirname(golden)
        work = os.path.join(args.work, "build", str(i))
        program, problems = golden_case.build(args.ptoas, case_dir, work)
        if problems:
            sys.exit(f"{case_dir}: {problems[0]}")
        shutil.copy(program, os.path.join(dirs["loader_seeds"], f"{i}.ptobc"))
    sources = glob.glob("tests/**/*.pto", recursive=True) + glob.glob("samples/*/*.pto")
    for i, path in enumerate(sorted(sources)):
        shutil.copy(path, os.path.join(dirs["assembler_seeds"], f"{i}.pto"))
    # Deep and large sources, within the fuzzers' -max_len (16 KB) where they can be.
    generated = deep_inputs.deep_cases(scale=1) + deep_inputs.deep_cases(scale=2)
    generated.append(("many-functions", deep_inputs.many_functions(400)))
    for i, (name, text) in enumerate(generated):
        with open(os.path.join(dirs["assembler_seeds"], f"{name}-{i}.pto"), "w") as f:
            f.write(text)
    print(f"{len(cases)} bytecode seeds, {len(sources) + len(generated)} source seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
