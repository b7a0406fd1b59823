"""TSETHF32MODE / TSETTF32MODE on a5: hf32_tf32_modes_a2a3's data and reference (see its
golden.py) with TF32 keeping 10 mantissa bits."""
import os
import runpy

_A2A3 = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "hf32_tf32_modes_a2a3", "golden.py"))
CASE = _A2A3["case"]("a5")


def generate(out_dir):
    _A2A3["generate"](out_dir, tf32_bits=10)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
