#!/bin/sh
# Configures build/ (new: Ninja if installed, RelWithDebInfo) and builds TARGETs (default:
# everything, tests and the fuzz build included). Configuring again each time is quick and
# finds packages installed since. Usage: scripts/build.sh [TARGET ...]
set -eu
cd "$(dirname "$0")/.."
first=""  # the generator and build type are chosen once; a configured build/ keeps its own
if [ ! -f build/CMakeCache.txt ]; then
  first="-DCMAKE_BUILD_TYPE=RelWithDebInfo"
  command -v ninja >/dev/null 2>&1 && first="$first -G Ninja"
fi
echo "configuring build/"
cmake -S . -B build $first >/dev/null
targets=""
for t in "$@"; do targets="$targets --target $t"; done
cmake --build build -j"$(nproc)" $targets
