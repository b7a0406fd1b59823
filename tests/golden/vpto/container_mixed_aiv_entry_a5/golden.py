"""The container_mixed_a5 kernel entered by its vector variant (--entry kernel_mix_aiv): the vector cores run it, the cube core its peer @kernel_mix_aic; same data, same result."""
import os
import runpy

MIXED = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "container_mixed_a5", "golden.py"))

CASE = dict(MIXED["CASE"], entry="kernel_mix_aiv", kernel="../container_mixed_a5/kernel.pto")
generate = MIXED["generate"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
