#!/usr/bin/env bash
# Benchmark of the lanes view's redraw (docs/performance.md, "Lanes view"):
#   bash scripts/bench/bench-lanes.sh [TOTAL_CHANGES...]     (default: 1000000 10000000)
# For each total and for 1, 8 and 64 lanes sharing it: writes a Chrome JSON trace with
# scripts/bench/make-lanes-bench.py into $CHITRA_BENCH_DIR (default /tmp/chitra-bench-lanes;
# about 60 bytes per change), opens it headless with
#   chitra --open TRACE --display lanes --benchmark-replot 200 --size 1400x900
# and prints the median and least replot time of the lanes view at full zoom-out (the
# whole trace in view; 200 replots, so that the median is past the suggestions and
# summaries computed in the background on opening), with the wall time and peak resident
# memory of the whole run (/usr/bin/time -v: import, opening every view, the replots).
# The build's chitra is used (CHITRA_BUILD_DIR, default build); CHITRA_BENCH_LANES lists
# the lane counts (default "1 8 64"), e.g. CHITRA_BENCH_LANES=64 for 10^8 changes alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${CHITRA_BUILD_DIR:-build}
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-lanes}
totals=("$@")
if [[ ${#totals[@]} -eq 0 ]]; then totals=(1000000 10000000); fi
mkdir -p "$work"
printf '%-10s %-6s %-10s %-12s %-12s %-8s %-10s\n' total lanes changes median_ms least_ms wall_s peak_MB
for total in "${totals[@]}"; do
  for lanes in ${CHITRA_BENCH_LANES:-1 8 64}; do
    trace="$work/lanes-$lanes-$total.json"
    [[ -f "$trace" ]] || python3 scripts/bench/make-lanes-bench.py "$lanes" "$total" "$trace"
    out=$(QT_QPA_PLATFORM=offscreen /usr/bin/time -v "$build/src/app/chitra" --open "$trace" --display lanes \
          --benchmark-replot 200 --size 1400x900 2>"$work/time.txt")
    median=$(sed -n 's/.*median_replot_ms \([0-9.e+-]*\).*/\1/p' <<<"$out")
    least=$(sed -n 's/.*min_replot_ms \([0-9.e+-]*\).*/\1/p' <<<"$out")
    changes=$(sed -n 's/.* changes \([0-9]*\).*/\1/p' <<<"$out")
    rss=$(awk '/Maximum resident/ {printf "%.0f", $NF / 1024}' "$work/time.txt")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s}' "$work/time.txt")
    printf '%-10s %-6s %-10s %-12s %-12s %-8s %-10s\n' "$total" "$lanes" "$changes" "$median" "$least" "$wall" "$rss"
  done
done
