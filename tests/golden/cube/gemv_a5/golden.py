"""TGEMV, TGEMV_ACC, TGEMV_BIAS on a5 (SSA and DPS forms): the data and reference of
gemv_a2a3 (see its golden.py), same parameters in the same order."""
import os
import runpy

_SIBLING = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                       "gemv_a2a3", "golden.py"))
CASE = _SIBLING["case"]("a5")
generate = _SIBLING["generate"]

# Its .acc forms name an accumulator tile apart from the destination: the ISA's c_in + A x B,
# which --arith exact computes; the NPU adds onto the destination instead (docs/semantics.md,
# "The NPU's arithmetic"; cube/matmul_acc_apart).
CASE["ptorun_flags"] = ["--arith", "exact"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
