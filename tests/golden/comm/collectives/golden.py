"""tbroadcast, comm_tgather, comm_tscatter and treduce (sum, max) over three peer views."""
import os

import numpy as np

R, C = 4, 24
ARGS = ["src", "p0", "p1", "p2", "q0", "q1", "q2", "cat", "cat2", "s0", "s1", "s2", "sum", "hi"]
INPUTS = {"src", "q0", "q1", "q2", "cat2"}
OUTPUTS = ["p0", "p1", "p2", "cat", "s0", "s1", "s2", "sum", "hi"]
CASE = {
    "args": [a + ".bin" if a in INPUTS else "zeros:%d" % ((3 if a == "cat" else 1) * R * C)
             for a in ARGS],
    "outs": [{"target": str(ARGS.index(a) + 1), "expect": a + ".expect.bin", "dtype": "float32"}
             for a in OUTPUTS],
}


def generate(out_dir):
    rng = np.random.default_rng(77)
    data = {a: rng.normal(0.0, 4.0, size=(R, C)).astype(np.float32)
            for a in ["src", "q0", "q1", "q2"]}
    data["cat2"] = rng.normal(0.0, 4.0, size=(3 * R, C)).astype(np.float32)
    # Sums whose value depends on the order (root first: (q2 + q0) + q1 gives 0 where
    # (q0 + q1) + q2 gives 1), and NaN / inf.
    data["q0"][0, :3] = [1e8, 0.0, -1.0]
    data["q1"][0, :3] = [-1e8, np.nan, np.inf]
    data["q2"][0, :3] = [1.0, 2.0, 3.0]
    for a in INPUTS:
        data[a].tofile(os.path.join(out_dir, a + ".bin"))
    q = [data["q0"], data["q1"], data["q2"]]
    expect = {
        "p0": data["src"], "p1": data["src"], "p2": data["src"],
        "cat": np.concatenate(q),
        "s0": data["cat2"][0:R], "s1": data["cat2"][R:2 * R], "s2": data["cat2"][2 * R:],
        # f32 adds, root (peer 2) first, then peers 0 and 1 in order; max propagates NaN.
        "sum": (q[2] + q[0]) + q[1],
        "hi": np.maximum(np.maximum(q[0], q[1]), q[2]),
    }
    for a in OUTPUTS:
        expect[a].astype(np.float32).tofile(os.path.join(out_dir, a + ".expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
