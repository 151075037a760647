#!/usr/bin/env bash
# Importing messages (docs/performance.md, "Messages between lanes"): an OTF2 archive of
# MESSAGES point-to-point messages among 64 ranks (default 10,000,000) read by `chitra-cli
# info`, against the same archive with its sends and receives replaced by as many MPI
# events that carry no message, and without any MPI event; then `chitra-cli messages`.
#   bash scripts/bench/bench-messages.sh
# Target (PASS/FAIL): CPU time of `info` with messages / with as many events and no
# message <= 1.3.
# Each command runs RUNS times (default 3), the three archives' in turn: the least wall and
# CPU time count, the largest peak RSS. Archives by make-otf2-messages.py into CHITRA_BENCH_DIR (default
# /tmp/chitra-bench-messages), kept for later runs. CHITRA_BUILD_DIR: default build.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli="${CHITRA_BUILD_DIR:-build}/src/cli/chitra-cli"
[[ -x $cli ]] || { echo "no $cli (set CHITRA_BUILD_DIR)" >&2; exit 2; }
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-messages}
runs=${RUNS:-3}
messages=${MESSAGES:-10000000}
mkdir -p "$work"

source "$here/least-of-runs.sh"
archive() { # NAME [--without] -> the anchor, made once
  local dir="$work/$1-$messages"
  [[ -e $dir/traces.otf2 ]] || /usr/bin/python3 "$here/make-otf2-messages.py" "$dir" "$messages" 64 "${@:2}" \
    >"$work/gen.txt" 2>&1 || { cat "$work/gen.txt" >&2; exit 2; }
  echo "$dir/traces.otf2"
}
row() { printf '%-40s %8s %8s %8s\n' "$@"; }

with=$(archive with)
without=$(archive without --without)
requests=$(archive requests --requests)
echo "== $messages messages among 64 ranks ($runs runs, least time)"
row command wall_s cpu_s rss_MB
# The three archives are read in turn, run after run (keep_best).
declare -A file=([bare]=$without [base]=$requests [with]=$with) best_wall best_cpu most_rss
for ((r = 0; r < runs; r++)); do
  for name in bare base with; do
    runs=1 measure "$cli" info "${file[$name]}"
    keep_best "$name" "$rss_mb"
  done
done
row "info, no MPI event" "${best_wall[bare]}" "${best_cpu[bare]}" "${most_rss[bare]}"
row "info, as many MPI events, no message" "${best_wall[base]}" "${best_cpu[base]}" "${most_rss[base]}"
row "info, with the messages" "${best_wall[with]}" "${best_cpu[with]}" "${most_rss[with]}"
base=${best_cpu[base]}
bare=${best_cpu[bare]}
cpu=${best_cpu[with]}
ratio=$(awk -v a="$cpu" -v b="$base" 'BEGIN { printf "%.2f", a / b }')
bare_ratio=$(awk -v a="$cpu" -v b="$bare" 'BEGIN { printf "%.2f", a / b }')
measure "$cli" messages "$with" -o "$work/messages.json"
row "messages (the report)" "$wall" "$cpu" "$rss_mb"
verdict=$(awk -v r="$ratio" 'BEGIN { print (r <= 1.3) ? "PASS" : "FAIL" }')
echo "  against no MPI event at all (2/3 of the events): ${bare_ratio}x"
echo "  target import with messages <= 1.3x the same events without (CPU): ${ratio}x  $verdict"
rm -f "$work/messages.json"
