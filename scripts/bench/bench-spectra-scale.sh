#!/usr/bin/env bash
# The event-domain periodogram of long traces (docs/performance.md, "Spectra at scale"):
#   bash scripts/bench/bench-spectra-scale.sh [RECORDS...]     (default: 1000000 10000000 100000000)
# For each size: a single-component trace of 100 states written by
# scripts/bench/bench_numpy_fit.py (seeded) and converted once to .ctrace in $CHITRA_BENCH_DIR
# (default /tmp; 12 bytes a record), then
#   chitra-cli periodogram TRACE.ctrace --domain event -o OUT.csv              (whole)
#   chitra-cli periodogram TRACE.ctrace --domain event --segment 2^20 -o OUT.csv (segments)
# each timed by /usr/bin/time: wall, user and kernel seconds, peak resident memory, and
# the size of the CSV written (-o writes atomically: write, fsync, rename).
# CHITRA_BUILD_DIR picks the build directory (default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${CHITRA_BUILD_DIR:-build}
work=${CHITRA_BENCH_DIR:-/tmp}
cli="$build/src/cli/chitra-cli"
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(1000000 10000000 100000000); fi
timing=$(mktemp)
out="$work/chitra-spectra-bench.csv"
trap 'rm -f "$timing" "$out"' EXIT
printf '| records | periodogram | wall s | user s | kernel s | peak RSS MB | CSV MB |\n'
printf '| ---: | --- | ---: | ---: | ---: | ---: | ---: |\n'
for n in "${sizes[@]}"; do
  trace="$work/chitra-bench-$n.ctrace"
  if [[ ! -f "$trace" ]]; then
    pes="$work/chitra-bench-$n.pes"
    [[ -f "$pes" ]] || /usr/bin/python3 scripts/bench/bench_numpy_fit.py "$pes" --generate "$n" --states 100 --seed 1
    "$cli" convert "$pes" -o "$trace"
  fi
  for mode in whole segments; do
    args=()
    [[ $mode == segments ]] && args=(--segment 1048576)
    /usr/bin/time -o "$timing" -f "%e %U %S %M" "$cli" periodogram "$trace" --domain event "${args[@]}" -o "$out"
    read -r wall user sys rss <"$timing"
    bytes=$(stat -c %s "$out")
    printf '| %s | %s | %s | %s | %s | %.0f | %.0f |\n' "$n" "$mode" "$wall" "$user" "$sys" \
      "$(awk -v k="$rss" 'BEGIN {print k / 1024}')" "$(awk -v b="$bytes" 'BEGIN {print b / 1e6}')"
  done
done
