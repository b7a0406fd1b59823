"""acc_move_controls_a5's moves, three of them in MLIR's generic form: the same kernel, so the
same reference, data and expected outputs (that case's golden.py)."""
import os
import runpy

_SIBLING = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                       "acc_move_controls_a5", "golden.py"))
CASE = _SIBLING["CASE"]
generate = _SIBLING["generate"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
