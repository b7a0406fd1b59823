#!/bin/sh
# Installs what building needs from Debian 12's packages, if anything is missing.
#   scripts/setup.sh sample   what ptoas and ptorun need (the first README command)
#   scripts/setup.sh          everything: the tests, the Python module, the fuzz build
# README.md ("What gets installed") says why each package is needed.
set -eu
sample="cmake g++ ninja-build re2c bison libcli11-dev libhwy-dev python3-numpy"
tests="doctest-dev pybind11-dev python3-dev python3-venv clang libclang-rt-14-dev"
case "${1:-all}" in
  sample) packages="$sample" ;;
  all) packages="$sample $tests" ;;
  *) echo "usage: scripts/setup.sh [sample|all]" >&2; exit 2 ;;
esac
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "scripts/setup.sh: these Debian packages are missing:$missing" >&2
    echo "scripts/setup.sh: you are not root and there is no sudo; as root, run" >&2
    echo "  apt-get update && apt-get install -y$missing" >&2
    echo "then run this command again." >&2
    exit 1
  fi
  sudo=sudo
fi
echo "installing:$missing"
# apt's and dpkg's chatter goes to a log, shown only if something fails.
log="$(mktemp)"
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
       $sudo apt-get install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
  cat "$log" >&2
  rm -f "$log"
  echo "scripts/setup.sh: installing the packages failed (above)" >&2
  exit 1
fi
rm -f "$log"
echo "installed:$missing"
