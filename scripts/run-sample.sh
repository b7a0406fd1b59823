#!/bin/sh
# Installs what it needs, builds ptoas and ptorun (nothing else), then assembles one bundled
# sample, runs it on its bundled inputs and compares the result with its numpy golden
# (ptorun --expect). Usage: scripts/run-sample.sh [softmax|rmsnorm]
set -eu
cd "$(dirname "$0")/.."
sample="${1:-softmax}"
if [ ! -f "samples/$sample/golden.py" ]; then
  echo "no sample '$sample'; choose one of: $(ls samples | tr '\n' ' ')" >&2
  exit 2
fi
sh scripts/setup.sh sample
sh scripts/build.sh ptoas ptorun
/usr/bin/python3 tests/golden_case.py --expect --ptoas build/asm/ptoas \
  --ptorun build/interp/ptorun --work "build/samples/$sample" "samples/$sample"
