#!/usr/bin/env bash
# `chitra-cli profile` against what reads the same OTF2 archive (docs/performance.md,
# "Profiles"): a profile is one pass over the lanes' stack steps.
#   bash scripts/bench/bench-profile.sh
# Targets (PASS/FAIL on each line):
#   listing   SMALL_EVENTS Enter/Leave events (default 1,000,000) on one location: wall time of
#             `otf2-print A/traces.otf2 > /dev/null` / wall time of `chitra-cli profile` >= 3.
#   lanes     LARGE_EVENTS Enter/Leave events (default 20,000,000) on 64 busy locations: wall
#             time of `chitra-cli profile` / wall time of `chitra-cli convert A -o A.ctrace` <= 1.5.
#   pandas    the same SMALL_EVENTS archive profiled the way Pipit does it (pandas,
#             pipit-style-profile.py), when /usr/bin/python3 has pandas: its times, and its
#             calls and exclusive times checked equal to chitra-cli's (no target).
# Each command runs RUNS times (default 3); the least wall and CPU time count, the largest
# peak RSS. Archives are made by make-otf2-lanes.py (OTF2 Python bindings) into
# CHITRA_BENCH_DIR (default /tmp/chitra-bench-profile) and kept for later runs.
# CHITRA_BUILD_DIR: the build directory holding src/cli/chitra-cli (default build).
# Exit status 0; with CHITRA_BENCH_STRICT=1, 1 when a target is missed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build_dir=${CHITRA_BUILD_DIR:-build}
cli="$build_dir/src/cli/chitra-cli"
[[ -x $cli ]] || { echo "no $cli (set CHITRA_BUILD_DIR)" >&2; exit 2; }
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-profile}
runs=${RUNS:-3}
small=${SMALL_EVENTS:-1000000}
large=${LARGE_EVENTS:-20000000}
mkdir -p "$work"
timing="$work/time.txt"
failed=0
python=/usr/bin/python3
python3 -c 'import otf2' 2>/dev/null && python=python3

# measure COMMAND...: RUNS runs; sets wall, cpu (least) and rss_mb (largest).
measure() {
  local i w u s m
  wall= cpu= rss_mb=0
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -o "$timing" -f "%e %U %S %M" "$@" >/dev/null 2>"$work/stderr.txt" ||
      { cat "$work/stderr.txt" >&2; exit 2; }
    read -r w u s m < <(tail -1 "$timing")
    local c; c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    if [[ -z $wall ]] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then wall=$w; fi
    if [[ -z $cpu ]] || awk -v a="$c" -v b="$cpu" 'BEGIN { exit !(a < b) }'; then cpu=$c; fi
    local mb=$((m / 1024))
    if ((mb > rss_mb)); then rss_mb=$mb; fi
  done
}

archive() { # EVENTS LOCATIONS -> the anchor file, made once
  local dir="$work/otf2-$2-$1"
  [[ -e $dir/traces.otf2 ]] || "$python" "$here/make-otf2-lanes.py" "$dir" "$1" "$2" >"$work/gen.txt" 2>&1 ||
    { cat "$work/gen.txt" >&2; exit 2; }
  echo "$dir/traces.otf2"
}

verdict() { if [[ $1 == 1 ]]; then echo PASS; else failed=1; echo FAIL; fi; }

row() { printf '%-34s %8s %8s %8s\n' "$@"; }

echo "== listing: $small Enter/Leave events on 1 location ($runs runs, least time)"
anchor=$(archive "$small" 1)
row command wall_s cpu_s rss_MB
measure otf2-print "$anchor"
listing=$wall
row "otf2-print" "$wall" "$cpu" "$rss_mb"
measure "$cli" profile "$anchor" --format json -o "$work/profile.json"
row "chitra-cli profile" "$wall" "$cpu" "$rss_mb"
ratio=$(awk -v a="$listing" -v b="$wall" 'BEGIN { printf "%.1f", a / (b > 0 ? b : 0.01) }')
echo "  target profile >= 3x faster than otf2-print: ${ratio}x  $(verdict "$(awk -v r="$ratio" 'BEGIN{print (r >= 3)}')")"

if /usr/bin/python3 -c 'import pandas, otf2' 2>/dev/null; then
  echo "== pandas: the $small events profiled as Pipit does (one run)"
  "$cli" profile "$anchor" --format json -o "$work/profile.json"
  /usr/bin/python3 "$here/pipit-style-profile.py" "$anchor" --json "$work/pipit.json"
  /usr/bin/python3 - "$work/pipit.json" "$work/profile.json" <<'PY'
import json, sys
pipit, chitra = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
regions = {r["region"]: r for r in chitra["regions"]}
same = set(pipit) == set(regions) and all(
    regions[n]["calls"] == p["calls"] and regions[n]["exclusive_ns"] == p["exclusive_ns"] for n, p in pipit.items())
print(f"  calls and exclusive times of {len(pipit)} regions equal to chitra-cli's: {'yes' if same else 'NO'}")
sys.exit(0 if same else 1)
PY
fi

echo "== lanes: $large Enter/Leave events on 64 locations ($runs runs, least time)"
anchor=$(archive "$large" 64)
row command wall_s cpu_s rss_MB
measure "$cli" convert "$anchor" -o "$work/lanes.ctrace"
convert=$wall
row "chitra-cli convert -o .ctrace" "$wall" "$cpu" "$rss_mb"
measure "$cli" profile "$anchor" --format json -o "$work/profile.json"
row "chitra-cli profile" "$wall" "$cpu" "$rss_mb"
measure "$cli" profile "$anchor" --format json --tree -o "$work/profile.json"
row "chitra-cli profile --tree" "$wall" "$cpu" "$rss_mb"
ratio=$(awk -v a="$wall" -v b="$convert" 'BEGIN { printf "%.2f", a / b }')
echo "  target profile --tree <= 1.5x the time of convert: ${ratio}x  $(verdict "$(awk -v r="$ratio" 'BEGIN{print (r <= 1.5)}')")"
rm -f "$work/lanes.ctrace" "$work/profile.json" "$work/pipit.json" "$timing" "$work/stderr.txt"
if [[ ${CHITRA_BENCH_STRICT:-0} == 1 ]]; then exit "$failed"; fi
exit 0
