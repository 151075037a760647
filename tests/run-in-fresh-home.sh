#!/usr/bin/env bash
# Runs one test program in an empty home made for this run and removed after it, so that
# no test reads or writes the real home, settings, recent lists or caches of the user
# running the suite, nor finds what an earlier run left behind. CTest starts every test
# through it (tests/CMakeLists.txt).
#   run-in-fresh-home.sh PROGRAM [ARG...]
set -uo pipefail
home=$(mktemp -d "${TMPDIR:-/tmp}/chitra-test-home.XXXXXX") || exit 1
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.config" "$home/.local/share" "$home/.local/state" "$home/.cache" "$home/.runtime"
chmod 700 "$home/.runtime"
export HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share \
  XDG_STATE_HOME=$home/.local/state XDG_CACHE_HOME=$home/.cache XDG_RUNTIME_DIR=$home/.runtime
# Not exec: the trap removes the home when the program ends.
"$@"
