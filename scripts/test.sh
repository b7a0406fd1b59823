#!/bin/sh
# Sets up the machine if needed, builds everything, and runs every test.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh all
sh scripts/build.sh
ctest --test-dir build -j"$(nproc)" --output-on-failure
