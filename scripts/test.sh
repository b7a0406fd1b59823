#!/bin/sh
# Sets up the machine if needed, builds, and runs every test.
set -eu
cd "$(dirname "$0")/.."
sh scripts/build.sh
ctest --test-dir build -j"$(nproc)" --output-on-failure
