#!/usr/bin/env bash
# Benchmark of `chitra-cli suggest` (docs/performance.md, "Suggestions"):
#   bash scripts/bench/bench-suggest.sh [ELEMENTS...]     (default: 1000000 10000000)
# For each size writes a PES trace into $CHITRA_BENCH_DIR (default /tmp/chitra-bench-suggest):
# a six-state cycle with jittered occupancies and, after about one element in a hundred,
# one of twenty short noise states; converts it to .ctrace (so that reading it costs
# little), then times, with /usr/bin/time -v, `chitra-cli info` (which only maps the file)
# and the whole `chitra-cli suggest --json` (reading, building the SES, suggesting), three
# runs each, and prints the fastest wall time of each, their difference, the length of the
# top suggestion's pattern and the peak resident memory of suggest. The build's chitra-cli is used (CHITRA_BUILD_DIR, default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
cli=${CHITRA_BUILD_DIR:-build}/src/cli/chitra-cli
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-suggest}
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(1000000 10000000); fi
mkdir -p "$work"

make_trace() { # ELEMENTS OUT
  python3 - "$1" "$2" <<'PY'
import random, sys
n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(1)
cycle = ["LOCK", "WORK", "UNLOCK", "SEND", "RECV", "IDLE"]
base = [10, 500, 8, 40, 60, 300]
t, lines, i = 0, ["# chitra-pes 1", "# timebase: us"], 0
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
    buf = []
    while i < n:
        for k in range(6):
            buf.append(f"{t} {cycle[k]}\n"); t += base[k] + rng.randrange(10); i += 1
            if rng.randrange(100) == 0:
                buf.append(f"{t} NOISE{rng.randrange(20)}\n"); t += 1 + rng.randrange(3); i += 1
        if len(buf) > 100000:
            f.write("".join(buf)); buf = []
    buf.append(f"{t} LOCK\n")
    f.write("".join(buf))
PY
}

fastest() { # prints "wall_s peak_MB" of the fastest of three runs of the command
  local best="" rss=""
  for _ in 1 2 3; do
    /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt"
    local wall
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s}' "$work/time.txt")
    if [[ -z "$best" ]] || awk -v a="$wall" -v b="$best" 'BEGIN {exit !(a < b)}'; then
      best=$wall
      rss=$(awk '/Maximum resident/ {printf "%.0f", $NF / 1024}' "$work/time.txt")
    fi
  done
  echo "$best $rss"
}

printf '%-10s %-10s %-12s %-12s %-12s %-8s\n' elements info_s suggest_s difference_s top_pattern_len peak_MB
for n in "${sizes[@]}"; do
  trace="$work/suggest-$n.ctrace"
  if [[ ! -f "$trace" ]]; then
    make_trace "$n" "$work/suggest-$n.pes"
    "$cli" convert "$work/suggest-$n.pes" -o "$trace"
    rm -f "$work/suggest-$n.pes"
  fi
  read -r read_s _ < <(fastest "$cli" info "$trace" --json)
  read -r total_s rss < <(fastest "$cli" suggest "$trace" --json)
  top=$("$cli" suggest "$trace" --json --top 1 | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["suggestions"][0]["step"].get("pattern", [])))')
  suggest_s=$(awk -v a="$total_s" -v b="$read_s" 'BEGIN {printf "%.2f", a - b}')
  printf '%-10s %-10s %-12s %-12s %-12s %-8s\n' "$n" "$read_s" "$total_s" "$suggest_s" "$top" "$rss"
done
