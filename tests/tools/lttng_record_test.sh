#!/usr/bin/env bash
# Records chitra-lttng-workers with the real tracer (plain, and with function tracing)
# and checks chitra-cli's import of each trace against babeltrace2's own listing of it
# (tests/tools/lttng_listing_check.py). Skips (exit 77) where LTTng cannot record.
#   lttng_record_test.sh SOURCE_DIR CHITRA_CLI WORKERS WORKERS_CYG
set -euo pipefail
src=$1 cli=$2 workers=$3 workers_cyg=$4
command -v babeltrace2 >/dev/null || { echo "SKIP: babeltrace2 is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

record() { # OUT COMMAND...: records, or skips the whole test when LTTng cannot run
  local status=0
  "$src/scripts/samples/record-lttng-trace.sh" "$@" || status=$?
  if ((status == 77)); then echo "SKIP: LTTng cannot record here"; exit 77; fi
  return "$status"
}

check() { # TRACE [babeltrace2 options]: the import against the listing
  local trace=$1
  shift
  babeltrace2 --clock-seconds "$@" "$trace" >"$trace.txt"
  "$cli" convert "$trace" --per-component "$trace.lanes"
  python3 "$src/tests/tools/lttng_listing_check.py" "$trace.txt" "$trace.lanes"
}

record "$tmp/plain" "$workers" -t 4 -n 30 -l 5000 -u 20
check "$tmp/plain"
lanes=$(ls "$tmp/plain.lanes" | wc -l)
[[ $lanes == 4 ]] || { echo "expected 4 thread lanes, got $lanes"; exit 1; }

cyg=$(find /usr/lib /usr/lib64 -name 'liblttng-ust-cyg-profile.so*' 2>/dev/null | head -1)
[[ -n $cyg ]] || { echo "SKIP: liblttng-ust-cyg-profile.so is not installed"; exit 77; }
record "$tmp/functions" env LD_PRELOAD="$cyg" "$workers_cyg" -t 4 -n 10 -l 1000 -u 10
check "$tmp/functions"
grep -q "compute(unsigned%20int,%20int)" "$tmp"/functions.lanes/*.pes ||
  { echo "no demangled function state"; exit 1; }
echo "ok"
