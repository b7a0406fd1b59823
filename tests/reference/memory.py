"""Loads, stores and moves: they copy bits, so every tile is compared as unsigned patterns of
its element width.

prefetch_sync_case: tprefetch writes nothing, tsync.op does nothing
(memory/prefetch_sync_*).
"""
import numpy as np

from .tiles import save


def prefetch_sync_case(arch, seed, inputs, prefetches, pre):
    """tprefetch writes nothing and tsync.op does nothing; a tload after them reads the data
    (memory/prefetch_sync_*). inputs: (file, tload result, golden_case dtype, data(rng)) for each
    global input, in argument order (data drawn in that order); prefetches: the kernel's
    tprefetch results in order, each (result, input file): a new tile stays zero, the result
    "pre" (the argument tile pre.bin, filled with the value pre) keeps its data."""
    dtypes = {f: d for f, _, d, _ in inputs}
    case = {"arch": arch, "args": [f"{f}.bin" for f, *_ in inputs] + ["pre.bin"],
            "outs": [{"target": r, "expect": "pre.bin" if r == "pre" else f"{r}.expect.bin",
                      "dtype": dtypes[f]} for r, f in prefetches] +
            [{"target": r, "expect": f"{f}.bin", "dtype": d} for f, r, d, _ in inputs]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        data = {f: draw(rng) for f, _, _, draw in inputs}
        files = dict(data)
        for r, f in prefetches:
            if r == "pre":
                files["pre"] = np.full(data[f].shape, pre, dtype=data[f].dtype)
            else:
                files[f"{r}.expect"] = np.zeros_like(data[f])
        save(out_dir, files)
    return case, generate
