#!/usr/bin/env bash
# Lanes compared (docs/performance.md, "Lanes compared"): an OTF2 archive of 64 busy
# locations, EVENTS Enter/Leave events in all (make-otf2-lanes.py: nested regions, 12 of
# them), and the time of
#   chitra-cli fit TRACE              (the chain of the 64 lanes' joint states)
#   chitra-cli lanes TRACE            (a chain per lane, distances, groups)
#   chitra-cli fit TRACE --pool-lanes (the 64 lanes as one ensemble)
#   bash scripts/bench/bench-lanes-compared.sh [EVENTS...]   (default 6400000)
# Target (PASS/FAIL): wall time of `lanes` <= 2x that of `fit`. The joint states of 64
# busy lanes are nearly all distinct: `fit` runs with its memory limited to
# FIT_LIMIT_GB (default 8; ulimit -v) and is reported as failed beyond it. Each command
# runs RUNS times (default 2): the least wall and CPU time count, the largest peak RSS.
# Archives into CHITRA_BENCH_DIR (default /tmp/chitra-bench-lanecompare), kept for later
# runs. CHITRA_BUILD_DIR: default build.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli="${CHITRA_BUILD_DIR:-build}/src/cli/chitra-cli"
[[ -x $cli ]] || { echo "no $cli (set CHITRA_BUILD_DIR)" >&2; exit 2; }
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-lanecompare}
runs=${RUNS:-2}
mkdir -p "$work"
source "$here/least-of-runs.sh"
row() { printf '%-34s %8s %8s %8s\n' "$@"; }

sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(6400000)
for events in "${sizes[@]}"; do
  dir="$work/l64-$events"
  [[ -e $dir/traces.otf2 ]] || /usr/bin/python3 "$here/make-otf2-lanes.py" "$dir" "$events" 64 >"$work/gen.txt" 2>&1 ||
    { cat "$work/gen.txt" >&2; exit 2; }
  echo "== $events events over 64 lanes ($runs runs, least time)"
  row command wall_s cpu_s rss_MB
  # The fit of the joint states in a subshell: out of memory, it fails alone.
  fit_wall=
  limit_kb=$((${FIT_LIMIT_GB:-8} * 1024 * 1024))
  if line=$(measure bash -c 'ulimit -v "$1"; shift; exec "$@"' limited "$limit_kb" "$cli" fit "$dir/traces.otf2" \
            2>/dev/null && echo "$wall $cpu $rss_mb"); then
    read -r fit_wall fit_cpu fit_rss <<<"$line"
    row "fit (joint states)" "$fit_wall" "$fit_cpu" "$fit_rss"
  else
    row "fit (joint states)" "fails: out of ${FIT_LIMIT_GB:-8} GB" - -
  fi
  measure "$cli" lanes "$dir/traces.otf2"
  lanes_wall=$wall
  row "lanes" "$wall" "$cpu" "$rss_mb"
  measure "$cli" fit "$dir/traces.otf2" --pool-lanes
  row "fit --pool-lanes" "$wall" "$cpu" "$rss_mb"
  if [[ -n $fit_wall ]]; then
    ratio=$(awk -v a="$lanes_wall" -v b="$fit_wall" 'BEGIN { printf "%.2f", a / b }')
    verdict=$(awk -v r="$ratio" 'BEGIN { print (r <= 2) ? "PASS" : "FAIL" }')
    echo "  target lanes <= 2x fit (wall): ${ratio}x  $verdict"
  else
    echo "  target lanes <= 2x fit (wall): PASS (fit of the joint states fails)"
  fi
done
