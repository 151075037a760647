#!/usr/bin/env bash
# Throughput of the CTF importer against babeltrace2 on the same trace (docs/performance.md
# "Importing CTF"):
#   scripts/bench/bench-import-ctf.sh [TRACE_DIR]
# Without TRACE_DIR, records one with LTTng first: chitra-lttng-workers -t 4 -n 170000
# -l 0 -u 0 (about 4M events; needs root or the tracing group). The readers run in turn,
# BENCH_RUNS rounds (default 5), so that a slow spell of a shared machine hits them all;
# for each, the median and the least CPU time (user + system) from /usr/bin/time:
#   babeltrace2 TRACE -o dummy           decoding alone (sink.utils.dummy)
#   babeltrace2 TRACE > /dev/null        babeltrace2's text listing
#   import                               decoding and the lanes (chitra::import_lanes, as
#                                        tests/bench/otf2_bench_tool import does for any format)
#   chitra-cli info TRACE                decoding, lanes, the PES records, their statistics
#   chitra-cli convert TRACE -o X.pes    decoding, lanes, the PES records written
# CHITRA_BUILD_DIR picks the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${CHITRA_BUILD_DIR:-build}
cli="$build_dir/src/cli/chitra-cli"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trace=${1:-}
if [[ -z $trace ]]; then
  trace="$tmp/trace"
  CHITRA_LTTNG_SUBBUF=4M scripts/samples/record-lttng-trace.sh "$trace" \
    "$build_dir/src/tools/chitra-lttng-workers" -t 4 -n 170000 -l 0 -u 0
fi
events=$(babeltrace2 "$trace" | wc -l)
bytes=$(du -sb "$trace" | cut -f1)
echo "trace: $events events, $bytes bytes"

runs=${BENCH_RUNS:-5}
names=(babeltrace2-dummy babeltrace2-text import chitra-cli-info chitra-cli-convert)
cmake --build "$build_dir" --target otf2_bench_tool >/dev/null 2>&1 || true
if [[ ! -x $build_dir/tests/bench/otf2_bench_tool ]]; then # a build without the benchmarks
  echo "no $build_dir/tests/bench/otf2_bench_tool: the import alone is not timed" >&2
  names=(babeltrace2-dummy babeltrace2-text chitra-cli-info chitra-cli-convert)
fi
run() { # NAME: one run; appends "NAME wall cpu rss_mb" to the results
  local cmd
  case $1 in
    babeltrace2-dummy) cmd=(babeltrace2 "$trace" -o dummy) ;;
    babeltrace2-text) cmd=(babeltrace2 "$trace") ;;
    import) cmd=("$build_dir/tests/bench/otf2_bench_tool" import "$trace") ;;
    chitra-cli-info) cmd=("$cli" info "$trace") ;;
    chitra-cli-convert) cmd=("$cli" convert "$trace" -o "$tmp/out.pes") ;;
  esac
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "${cmd[@]}" >/dev/null
  awk -v n="$1" '{ printf "%s %s %.2f %d\n", n, $1, $2 + $3, $4 / 1024 }' "$tmp/time" >> "$tmp/results"
}
: > "$tmp/results"
for _ in $(seq "$runs"); do
  for name in "${names[@]}"; do run "$name"; done
done
# Per reader: median wall, median and least CPU, peak RSS.
summary() {
  awk -v n="$1" '$1 == n { print $2, $3, $4 }' "$tmp/results" | sort -k2,2n |
    awk -v n="$1" '{ w[NR] = $1; c[NR] = $2; r = $3 > r ? $3 : r }
      END { m = int((NR + 1) / 2); printf "%s %s %s %s %d\n", n, w[m], c[m], c[1], r }'
}
for name in "${names[@]}"; do summary "$name"; done > "$tmp/summary"
read -r _ _ dummy_median dummy_least _ < <(grep '^babeltrace2-dummy ' "$tmp/summary")
echo "$runs rounds"
echo "| reader | wall s (median-CPU run) | CPU s (median) | CPU s (least) | peak RSS MB | M events/s (median CPU) | speed vs dummy sink (medians) | (least) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
awk -v n="$events" -v dm="$dummy_median" -v dl="$dummy_least" \
  '{ printf "| %s | %.2f | %.2f | %.2f | %d | %.2f | %.0f%% | %.0f%% |\n", $1, $2, $3, $4, $5, n / $3 / 1e6, 100 * dm / $3, 100 * dl / $4 }' \
  "$tmp/summary"
