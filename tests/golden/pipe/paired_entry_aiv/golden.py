"""The paired_entry kernel entered from the vector side (--entry k_aiv): same data, same result."""
import os
import runpy

PAIRED = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "..", "paired_entry", "golden.py"))

# The same kernel file and reference as paired_entry; only the entry differs. The vector
# cores run @k_aiv (the entry), the cube core its peer @k_aic, found through the
# import_reserved_buffer in @k_aic that names @k_aiv.
CASE = dict(PAIRED["CASE"], entry="k_aiv", kernel="../paired_entry/kernel.pto")
generate = PAIRED["generate"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
