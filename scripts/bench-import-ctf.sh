#!/usr/bin/env bash
# Throughput of the CTF importer against babeltrace2 on the same trace (docs/performance.md
# "Importing CTF"):
#   scripts/bench-import-ctf.sh [TRACE_DIR]
# Without TRACE_DIR, records one with LTTng first: chitra-lttng-workers -t 4 -n 170000
# -l 0 -u 0 (about 4M events; needs root or the tracing group). Times, best of 3 runs each:
#   babeltrace2 TRACE -o dummy           decoding alone (sink.utils.dummy)
#   babeltrace2 TRACE > /dev/null        babeltrace2's text listing
#   chitra-cli convert TRACE -o X.pes    decoding, lanes and the PES written
# CHITRA_BUILD_DIR picks the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${CHITRA_BUILD_DIR:-build}
cli="$build_dir/src/cli/chitra-cli"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trace=${1:-}
if [[ -z $trace ]]; then
  trace="$tmp/trace"
  CHITRA_LTTNG_SUBBUF=4M scripts/record-lttng-trace.sh "$trace" \
    "$build_dir/src/tools/chitra-lttng-workers" -t 4 -n 170000 -l 0 -u 0
fi
events=$(babeltrace2 "$trace" | wc -l)
bytes=$(du -sb "$trace" | cut -f1)
echo "trace: $events events, $bytes bytes"

best() { # best wall time in seconds of 3 runs of COMMAND
  local b=
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    b=$(echo "$t0 $t1 ${b:-1e9}" | awk '{d = $2 - $1; print (d < $3 ? d : $3)}')
  done
  echo "$b"
}
dummy=$(best babeltrace2 "$trace" -o dummy)
text=$(best bash -c 'babeltrace2 "$0" > /dev/null' "$trace")
chitra=$(best "$cli" convert "$trace" -o "$tmp/out.pes")
report() { awk -v n="$events" -v t="$2" -v d="$dummy" -v name="$1" \
  'BEGIN { printf "%-22s %7.2f s  %6.2f M events/s  %5.0f%% of the dummy sink\n", name, t, n / t / 1e6, 100 * d / t }'; }
report "babeltrace2 dummy" "$dummy"
report "babeltrace2 text" "$text"
report "chitra-cli convert" "$chitra"
