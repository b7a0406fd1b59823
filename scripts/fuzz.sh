#!/bin/sh
# A longer fuzz run than ctest's (a nightly one): each fuzz target for SECONDS (default 900)
# from a random seed, on the test programs' seeds and the regression inputs, keeping what it
# finds under build/tests/work/fuzz/long/. Usage: scripts/fuzz.sh [SECONDS [TARGET ...]]
# (targets: loader assembler runner npy). Exits non-zero when a target found a crash, a hang or
# a leak, and prints the input's path and how to replay it.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-900}"
[ $# -gt 0 ] && shift
case "$seconds" in
  ''|*[!0-9]*) echo "fuzz.sh: error: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac
targets="${*:-loader assembler runner npy}"
if [ ! -d build/fuzz/tests/fuzz ]; then
  echo "fuzz.sh: error: no fuzz build; install clang (scripts/setup.sh all) and run scripts/build.sh" >&2
  exit 2
fi
for t in $targets; do
  case "$t" in
    loader|assembler|runner|npy) ;;
    *) echo "fuzz.sh: error: no fuzz target '$t' (loader, assembler, runner, npy)" >&2; exit 2 ;;
  esac
done
# the seeds, from this checkout's tests (the directories ctest's fuzz tests use too: do not
# run both at once)
mkdir -p build/tests/work/fuzz/long
if ! ctest --test-dir build -R '^fuzz-seeds$' --output-on-failure \
    >build/tests/work/fuzz/long/seeds.log 2>&1; then
  cat build/tests/work/fuzz/long/seeds.log >&2
  echo "fuzz.sh: error: making the seeds failed" >&2
  exit 2
fi
work=build/tests/work/fuzz
long="$work/long"
status=0
for t in $targets; do
  seeds="$work/${t}_seeds"
  [ "$t" = runner ] && seeds="$work/loader_seeds"
  mkdir -p "$long/${t}_new"
  rm -f "$long/$t"-*  # what an earlier run found: only this run's finds are reported
  seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
  echo "fuzz.sh: $t for ${seconds}s, -seed=$seed (log: $long/$t.log)"
  if ! "build/fuzz/tests/fuzz/${t}_fuzz" -max_total_time="$seconds" -seed="$seed" -timeout=10 \
      -rss_limit_mb=2048 -max_len=16384 -close_fd_mask=1 -artifact_prefix="$long/$t-" \
      "$long/${t}_new" "$seeds" tests/fuzz/regressions >"$long/$t.log" 2>&1; then
    status=1
    tail -n 30 "$long/$t.log" >&2
    for found in "$long/$t"-*; do
      [ -e "$found" ] || continue
      echo "fuzz.sh: $t found $found; replay: build/fuzz/tests/fuzz/${t}_fuzz $found" >&2
    done
  else
    grep -E '^Done|stat::number_of_executed_units' "$long/$t.log" | tail -n 1
  fi
done
exit $status
