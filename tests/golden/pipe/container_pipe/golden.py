"""The paired_entry kernel in VPTO's container form (see kernel.pto): same data, same result."""
import os
import runpy

PAIRED = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "..", "paired_entry", "golden.py"))

# paired_entry's CASE enters at --entry k_aic; here the default entry is the pair.
CASE = {key: value for key, value in PAIRED["CASE"].items() if key != "entry"}
generate = PAIRED["generate"]

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
