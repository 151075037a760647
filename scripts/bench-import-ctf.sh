#!/usr/bin/env bash
# Throughput of the CTF importer against babeltrace2 on the same trace (docs/performance.md
# "Importing CTF"):
#   scripts/bench-import-ctf.sh [TRACE_DIR]
# Without TRACE_DIR, records one with LTTng first: chitra-lttng-workers -t 4 -n 170000
# -l 0 -u 0 (about 4M events; needs root or the tracing group). Of 3 runs each, the one
# with the least CPU time (user + system; the machine may be shared), from /usr/bin/time:
#   babeltrace2 TRACE -o dummy           decoding alone (sink.utils.dummy)
#   babeltrace2 TRACE > /dev/null        babeltrace2's text listing
#   chitra-cli info TRACE                decoding, lanes, the PES records, their statistics
#   chitra-cli convert TRACE -o X.pes    decoding, lanes, the PES records written
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

best() { # NAME COMMAND...: the run with the least CPU time of 3; wall, CPU, peak RSS
  local name=$1 b= line
  shift
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" >/dev/null
    line=$(awk '{ printf "%s %.2f %d", $1, $2 + $3, $4 / 1024 }' "$tmp/time")
    if [[ -z $b ]] || awk -v a="$line" -v b="$b" 'BEGIN { split(a, x); split(b, y); exit !(x[2] < y[2]) }'; then
      b=$line
    fi
  done
  echo "$name $b"
}
{
  best "babeltrace2-dummy" babeltrace2 "$trace" -o dummy
  best "babeltrace2-text" babeltrace2 "$trace"
  best "chitra-cli-info" "$cli" info "$trace"
  best "chitra-cli-convert" "$cli" convert "$trace" -o "$tmp/out.pes"
} > "$tmp/results"
dummy_cpu=$(awk '$1 == "babeltrace2-dummy" { print $3 }' "$tmp/results")
echo "| reader | wall s | CPU s | peak RSS MB | M events/s (CPU) | speed vs dummy sink (CPU) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
awk -v n="$events" -v d="$dummy_cpu" '{ printf "| %s | %.2f | %.2f | %d | %.2f | %.0f%% |\n", $1, $2, $3, $4, n / $3 / 1e6, 100 * d / $3 }' \
  "$tmp/results"
