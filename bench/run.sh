#!/usr/bin/env bash
# One command for the ptorun benchmarks: builds ptoas and ptorun (build/), the native baseline
# (bench/ as its own CMake project in build/bench-native, -O3 -march=native), then runs
# bench/bench.py, which prints one table and the targets. See bench/README.md.
#
#   bench/run.sh                 full run (a few minutes on 2 cores)
#   bench/run.sh --quick         smoke run (well under a minute)
#   bench/run.sh --only tadd     only the benchmarks whose name contains "tadd" (repeatable)
#   bench/run.sh --no-build      skip the builds
#   bench/run.sh --list          the benchmark names
#
# Every other option goes to bench/bench.py (bench/bench.py --help).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PY=/usr/bin/python3
[ -x "$PY" ] || PY="$(command -v python3)"

build=1
args=()
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    -h|--help|--list) build=0; args+=("$a") ;;
    *) args+=("$a") ;;
  esac
done

if [ "$build" = 1 ]; then
  mkdir -p build/bench
  log=build/bench/build.log
  : >"$log"
  echo "bench: building ptoas, ptorun and the native baseline (log: $log)" >&2
  if [ ! -f build/CMakeCache.txt ]; then
    cmake -S . -B build >>"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  fi
  # Only the two tools the benchmarks run (the full build also makes tests and fuzzers).
  if ! cmake --build build -j2 --target ptoas ptorun >>"$log" 2>&1; then
    grep -E "error|Error" "$log" | head -20 >&2
    echo "bench: building ptoas/ptorun failed (full log: $log); bench/run.sh --no-build runs the" \
      "binaries already in build/, if any" >&2
    exit 1
  fi
  if [ ! -f build/bench-native/CMakeCache.txt ]; then
    cmake -S bench -B build/bench-native -DCMAKE_BUILD_TYPE=Release >>"$log" 2>&1 \
      || { cat "$log" >&2; exit 1; }
  fi
  cmake --build build/bench-native -j2 --target pto_native_bench >>"$log" 2>&1 \
    || { tail -50 "$log" >&2; exit 1; }
fi

exec "$PY" bench/bench.py --native build/bench-native/pto_native_bench ${args[@]+"${args[@]}"}
