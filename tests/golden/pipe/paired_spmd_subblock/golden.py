"""Paired @k_aic/@k_aiv kernel whose vector side takes PyPTO's subblock index parameter, run
from the cube side: out = (A @ B) * scale + bias (A, B bf16). The data, arguments and
reference of paired_entry (see its golden.py): only the kernel differs."""
import os
import runpy

_SIBLING = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                       "paired_entry", "golden.py"))
CASE = _SIBLING["CASE"]
generate = _SIBLING["generate"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
