"""Every golden kernel and sample, assembled and run through the Python module on numpy arrays,
compared with the expected outputs its numpy reference (golden.py) wrote: the module gives the
numbers the command line gives.

Run by ctest with PYTHONPATH at build/python; PTO_SOURCE_DIR names the source tree.
"""
import functools
import glob
import os
import sys
import unittest

import numpy as np

import ptorun

ROOT = os.environ.get("PTO_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import golden_case  # noqa: E402  (the case format: CASE, its outputs and tolerances)


def case_dirs():
    found = glob.glob(os.path.join(ROOT, "tests/golden/*/*/golden.py")) + glob.glob(
        os.path.join(ROOT, "samples/*/golden.py"))
    return sorted(os.path.dirname(g) for g in found)


def arguments(case, case_dir, params):
    """The run's arguments for the module: arrays read with the parameter's numpy type,
    shapes for zeros:N, None for a memref's or tile's own zeros, numbers for literals; and
    the options among the command-line words (--blocks N)."""
    words = list(case["args"])
    options = {}
    if "--blocks" in words:
        i = words.index("--blocks")
        options["blocks"] = int(words[i + 1])
        del words[i:i + 2]
    flags = list(case.get("ptorun_flags", []))
    while flags:  # the command-line flags the module spells as options
        flag, value = flags[:2]
        if flag != "--arith":
            raise AssertionError(f"no module option for the case's flag {flag}")
        options["arith"] = value
        del flags[:2]
    values = []
    for word, p in zip(words, params):
        path = os.path.join(case_dir, word)
        if p.kind == "scalar":
            if word in ("true", "false"):
                values.append(word == "true")
            elif p.dtype.startswith(("f", "bf")):
                values.append(float(word))
            else:
                values.append(int(word, 0))
        elif word == "zeros":
            values.append(None)
        elif word.startswith("zeros:"):
            values.append((int(word[6:]),))
        else:
            values.append(np.fromfile(path, dtype=p.numpy_dtype))
    if len(words) != len(params):
        raise AssertionError(f"{len(words)} arguments for {len(params)} parameters")
    return values, options


def output_of(spec, params, values, result):
    target = spec["target"]
    if target.isdigit():
        return values[int(target) - 1]
    names = [p.name for p in params]
    if target in names:
        return values[names.index(target)]
    return result.tile(target)


def problem(name, actual, spec, case_dir):
    """None if actual matches the case's expected file within its tolerance."""
    dtype = spec["dtype"]
    expected = np.fromfile(os.path.join(case_dir, spec["expect"]), dtype=golden_case.DTYPES[dtype])
    actual = np.ascontiguousarray(actual).reshape(-1).view(golden_case.DTYPES[dtype])
    if actual.size != expected.size:
        return f"{name}: {actual.size} elements, {expected.size} expected"
    if dtype not in ("float32", "float16", "bfloat16"):
        bad = np.nonzero(actual != expected)[0]
        return f"{name}: {bad.size} elements differ, first at {bad[0]}" if bad.size else None
    a, e = golden_case.as_float(actual, dtype), golden_case.as_float(expected, dtype)
    ok = np.isclose(a, e, rtol=spec.get("rtol", 0.0), atol=spec.get("atol", 0.0), equal_nan=True)
    if "ulp" in spec:
        ok |= golden_case.ulp_distance(actual, expected, dtype) <= spec["ulp"]
    bad = np.nonzero(~ok)[0]
    if bad.size:
        i = bad[0]
        return f"{name}: {bad.size} of {a.size} out of tolerance; first at {i}: {a[i]!r} vs {e[i]!r}"
    return None


@functools.lru_cache(maxsize=None)
def assembled(case_dir):
    """One case's kernel, assembled once for every test that runs it: (case, kernel)."""
    case = golden_case.load_case(case_dir)
    sources = [os.path.join(case_dir, case.get("kernel", "kernel.pto"))] + [
        os.path.join(case_dir, o) for o in case.get("objects", [])]
    return case, ptorun.assemble(sources if len(sources) > 1 else sources[0],
                                 arch=case.get("arch"), entry=case.get("entry"),
                                 backend=case.get("backend"))


def launch(case_dir, **extra):
    """Runs one case through the module: (case, params, values, result)."""
    case, kernel = assembled(case_dir)
    params = kernel.params_of(case.get("entry"))
    values, options = arguments(case, case_dir, params)
    result = kernel.launch(*values, entry=case.get("entry"), **options, **extra)
    return case, params, values, result


class GoldenCorpus(unittest.TestCase):
    def test_every_case(self):
        cases = case_dirs()
        self.assertGreater(len(cases), 250)
        for case_dir in cases:
            with self.subTest(case=os.path.relpath(case_dir, ROOT)):
                case, params, values, result = launch(case_dir)
                # Outputs the call allocated came back in order; put them in place.
                allocated = iter(result.outputs)
                values = [next(allocated) if v is None or isinstance(v, tuple) else v
                          for v in values]
                for spec in case["outs"]:
                    p = problem(f"output {spec['target']}", output_of(spec, params, values, result),
                                spec, case_dir)
                    self.assertIsNone(p, p)

    def test_profile_lines_add_up(self):
        # Every case's estimate: its lines' cycles (each instruction's on its pipe, and the
        # scalar unit's cycle issuing it there) are the pipes' busy cycles.
        for case_dir in case_dirs():
            with self.subTest(case=os.path.relpath(case_dir, ROOT)):
                profile = launch(case_dir, profile=True)[3].profile
                self.assertEqual(sum(line["cycles"] for line in profile["lines"]),
                                 sum(pipe["busy"] for pipe in profile["pipes"].values()))


if __name__ == "__main__":
    unittest.main()
