#!/bin/sh
# Configures build/ (Ninja if installed, RelWithDebInfo) and builds TARGETs (default:
# everything, tests and the fuzz build included). Configuring again each time is quick and
# finds packages installed since. Usage: scripts/build.sh [TARGET ...]
set -eu
cd "$(dirname "$0")/.."
generator=""
if [ ! -f build/CMakeCache.txt ] && command -v ninja >/dev/null 2>&1; then
  generator="-G Ninja"
fi
echo "configuring build/"
cmake -S . -B build $generator -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
targets=""
for t in "$@"; do targets="$targets --target $t"; done
cmake --build build -j"$(nproc)" $targets
