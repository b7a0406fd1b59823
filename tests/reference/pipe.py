"""Cube/vector pipe kernels on two f32 inputs (tests/golden/pipe/c2v_*, v2c_roundtrip, nosplit).

pipe_case(seed, names, shapes, results, reference, extra): the inputs drawn uniformly from
[-1, 1) (in order, with the rng seeded with seed); each result a zero buffer, the pointer
parameters after the inputs in order, then the extra arguments; reference(a, b) gives the
results' values (from the f32 inputs, in float64), rounded once to f32.
"""
import numpy as np

from .tiles import save


def pipe_case(seed, names, shapes, results, reference, extra=()):
    """names, shapes: the two inputs'; results: (name, elements, rtol, atol) of each output."""
    args = [f"{n}.bin" for n in names] + [f"zeros:{size}" for _, size, _, _ in results]
    case = {"args": args + list(extra),
            "outs": [{"target": str(len(names) + 1 + i), "expect": f"{name}.expect.bin",
                      "dtype": "float32", "rtol": rtol, "atol": atol}
                     for i, (name, _, rtol, atol) in enumerate(results)]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        inputs = [rng.uniform(-1.0, 1.0, size=shape).astype(np.float32) for shape in shapes]
        files = dict(zip(names, inputs))
        for (name, _, _, _), value in zip(results, reference(*inputs)):
            files[f"{name}.expect"] = np.asarray(value).astype(np.float32)
        save(out_dir, files)
    return case, generate
