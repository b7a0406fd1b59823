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


def npy_seeds(directory):
    """.npy files of every kind the readers take (numpy's own writer: versions 1 and 2, both
    orders, both byte orders, scalars and empty arrays) and a few header forms it reads."""
    import numpy as np
    arrays = [np.arange(12, dtype=np.float32).reshape(3, 4), np.arange(6, dtype=">i2"),
              np.asfortranarray(np.ones((2, 3), np.float64)), np.zeros((), np.uint8),
              np.zeros((0, 5), np.int64), np.array([True, False]), np.float16([1.5, -2])]
    count = 0
    for i, a in enumerate(arrays):
        for version in ((1, 0), (2, 0)):
            with open(os.path.join(directory, f"{i}-v{version[0]}.npy"), "wb") as f:
                np.lib.format.write_array(f, a, version=version)
            count += 1
    for i, header in enumerate(["{'descr': 'float32', 'fortran_order': False, 'shape': (2,), }",
                                "{'shape': (2,), 'shape': (2,),'descr':'<f4','fortran_order':False}",
                                "{'descr':\t'bfloat16', 'fortran_order': True, 'shape': (1,\n)}"]):
        head = header + " " * ((-(10 + len(header) + 1)) % 64) + "\n"
        with open(os.path.join(directory, f"header-{i}.npy"), "wb") as f:
            f.write(b"\x93NUMPY\x01\x00" + len(head).to_bytes(2, "little") + head.encode() +
                    bytes(8))
        count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.ptoas, args.work = os.path.abspath(args.ptoas), os.path.abspath(args.work)
    dirs = {name: os.path.join(args.work, name) for name in
            ("loader_seeds", "loader_new", "assembler_seeds", "assembler_new", "runner_new",
             "npy_seeds", "npy_new")}
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
    npy = npy_seeds(dirs["npy_seeds"])
    print(f"{len(cases)} bytecode seeds, {len(sources) + len(generated)} source seeds, "
          f"{npy} .npy seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
