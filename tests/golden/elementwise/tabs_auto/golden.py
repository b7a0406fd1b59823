"""TABS on 16x16 f32: |x| elementwise, with signed zeros, infinities and NaN among the inputs."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import abs_case

CASE, generate = abs_case(4)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
