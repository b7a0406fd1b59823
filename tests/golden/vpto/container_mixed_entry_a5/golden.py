"""The container_mixed_a5 kernel entered by the kernel's name (--entry kernel): ptoas and ptorun pick its pair, the cube variant as the entry; same data, same result."""
import os
import runpy

MIXED = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "container_mixed_a5", "golden.py"))

CASE = dict(MIXED["CASE"], entry="kernel", kernel="../container_mixed_a5/kernel.pto")
generate = MIXED["generate"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
