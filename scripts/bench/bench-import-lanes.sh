#!/usr/bin/env bash
# Many busy lanes against one (docs/performance.md, "Importing many busy lanes"): the cost of a
# foreign trace's lanes must not grow with their number.
#   bash scripts/bench/bench-import-lanes.sh            # every part
#   bash scripts/bench/bench-import-lanes.sh chrome     # or otf2, ctf: one part
# Parts and targets (PASS/FAIL on each line):
#   chrome  8 busy threads, CHROME_EVENTS X events (default 2,000,000, ~156 MB): wall MB/s of
#           `chitra-cli convert T.json -o T.ctrace` / wall MB/s of Python's json.load on the
#           same file >= 3; peak RSS of the convert <= 2 x the .ctrace written. The same events
#           on 1 thread are timed for reference.
#   otf2    OTF2_EVENTS Enter/Leave events (default 20,000,000) on 1, 8 and 64 busy locations:
#           CPU time per event of `convert A/traces.otf2 -o A.ctrace`, 8 and 64 lanes against
#           1 lane <= 1.2.
#   ctf     the same with CTF_EVENTS events (default 1,000,000) of a CTF 1.8 trace (LTTng
#           layout: vpid/vtid context, two per-CPU streams).
# Each command runs RUNS times (default 3), the lane counts' in turn; the least wall and CPU
# time of the runs count (a shared machine only ever slows a run down), the largest peak RSS. A run that takes longer
# than CHITRA_BENCH_TIMEOUT seconds (default 120) is stopped and reported as such (FAIL).
# Generated traces go to CHITRA_BENCH_DIR (default /tmp/chitra-bench-lanes-import), kept for
# later runs; outputs are deleted after each run.
# CHITRA_BUILD_DIR: the build directory holding src/cli/chitra-cli (default build). The OTF2
# generator needs the OTF2 Python bindings (Debian python3-otf2): CHITRA_OTF2_PYTHON picks the
# interpreter (default: python3 if it imports otf2, else /usr/bin/python3).
# Exit status 0; with CHITRA_BENCH_STRICT=1, 1 when a target is missed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build_dir=${CHITRA_BUILD_DIR:-build}
cli="$build_dir/src/cli/chitra-cli"
[[ -x $cli ]] || { echo "no $cli (set CHITRA_BUILD_DIR)" >&2; exit 2; }
cli=$(cd "$(dirname "$cli")" && pwd)/chitra-cli
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-lanes-import}
runs=${RUNS:-3}
limit=${CHITRA_BENCH_TIMEOUT:-120}
chrome_events=${CHROME_EVENTS:-2000000}
otf2_events=${OTF2_EVENTS:-20000000}
ctf_events=${CTF_EVENTS:-1000000}
parts=("$@")
[[ ${#parts[@]} -gt 0 ]] || parts=(chrome otf2 ctf)
mkdir -p "$work"
timing="$work/time.txt"
failed=0

otf2_python=${CHITRA_OTF2_PYTHON:-}
if [[ -z $otf2_python ]]; then
  if python3 -c 'import otf2' 2>/dev/null; then otf2_python=python3; else otf2_python=/usr/bin/python3; fi
fi

source "$here/least-of-runs.sh" # keep_best; its measure is replaced below

# measure NAME COMMAND...: RUNS runs; sets wall, cpu (least) and rss_kb (largest), or
# timed_out=1 when a run was stopped.
measure() {
  local name=$1; shift
  local i w u s m status
  wall= cpu= rss_kb=0 timed_out=0
  for ((i = 0; i < runs; i++)); do
    status=0
    /usr/bin/time -o "$timing" -f "%e %U %S %M" timeout "$limit" "$@" >/dev/null 2>"$work/stderr.txt" || status=$?
    if [[ $status -eq 124 ]]; then timed_out=1; echo "  $name: stopped after ${limit}s" >&2; return; fi
    if [[ $status -ne 0 ]]; then echo "  $name: exit $status" >&2; cat "$work/stderr.txt" >&2; timed_out=1; return; fi
    read -r w u s m < <(tail -1 "$timing")
    local c; c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
    if [[ -z $wall ]] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then wall=$w; fi
    if [[ -z $cpu ]] || awk -v a="$c" -v b="$cpu" 'BEGIN { exit !(a < b) }'; then cpu=$c; fi
    if (( m > rss_kb )); then rss_kb=$m; fi
  done
}

generate() { # COMMAND...: a generator, quiet unless it fails
  "$@" >/dev/null 2>"$work/gen.txt" || { cat "$work/gen.txt" >&2; exit 2; }
}

verdict() { # CONDITION_TRUE(0/1) -> PASS/FAIL
  if [[ $1 == 1 ]]; then echo PASS; else failed=1; echo FAIL; fi
}

chrome_part() {
  local n=$chrome_events
  echo "== Chrome JSON: $n X events, 8 busy threads against 1 ($runs runs, least time)"
  printf '%-8s %8s %8s %8s %8s %9s %10s %9s %8s\n' threads MB wall_s cpu_s rss_MB MB/s_wall ctrace_MB json.load x_json
  local threads trace bytes out ctrace_bytes json_rate rate ratio rss_ratio
  for threads in 1 8; do
    trace="$work/chrome-$threads-$n.json"
    [[ -f $trace ]] || generate python3 "$here/make-busy-chrome.py" "$threads" "$n" "$trace"
    bytes=$(stat -c %s "$trace")
    cat "$trace" >/dev/null # page cache: time the reader, not the disk
    measure json.load python3 -c 'import json, sys; json.load(open(sys.argv[1], "rb"))' "$trace"
    json_rate=$(awk -v b="$bytes" -v w="$wall" 'BEGIN { printf "%.1f", b / 1e6 / w }')
    out="$work/chrome-$threads.ctrace"
    measure convert "$cli" convert "$trace" -o "$out"
    if [[ $timed_out == 1 ]]; then
      printf '%-8s %8.0f %8s %8s %8s %9s %10s %9s %8s\n' "$threads" "$(awk -v b="$bytes" 'BEGIN{print b/1e6}')" \
        ">$limit" - - - - "$json_rate" FAIL
      failed=1; rm -f "$out"; continue
    fi
    ctrace_bytes=$(stat -c %s "$out") # the last run's file
    rate=$(awk -v b="$bytes" -v w="$wall" 'BEGIN { printf "%.1f", b / 1e6 / w }')
    ratio=$(awk -v r="$rate" -v j="$json_rate" 'BEGIN { printf "%.2f", r / j }')
    printf '%-8s %8.0f %8.2f %8.2f %8.0f %9s %10.1f %9s %8s\n' "$threads" "$(awk -v b="$bytes" 'BEGIN{print b/1e6}')" \
      "$wall" "$cpu" "$(awk -v k="$rss_kb" 'BEGIN{print k/1024}')" "$rate" \
      "$(awk -v b="$ctrace_bytes" 'BEGIN{print b/1e6}')" "$json_rate" "$ratio"
    if [[ $threads == 8 ]]; then
      rss_ratio=$(awk -v k="$rss_kb" -v b="$ctrace_bytes" 'BEGIN { printf "%.2f", k * 1024 / (b > 0 ? b : 1) }')
      echo "  target convert >= 3x json.load:        ${ratio}x  $(verdict "$(awk -v r="$ratio" 'BEGIN{print (r >= 3)}')")"
      echo "  target peak RSS <= 2x .ctrace written: ${rss_ratio}x  $(verdict "$(awk -v r="$rss_ratio" 'BEGIN{print (r <= 2)}')")"
    fi
    rm -f "$out"
  done
}

# lanes_part FORMAT EVENTS GENERATOR...: 1, 8, 64 lanes of EVENTS events. The three traces
# are converted in turn, run after run, so that the machine's changing load falls on each alike.
lanes_part() {
  local format=$1 n=$2; shift 2
  echo "== $format: $n events on 1, 8 and 64 busy lanes ($runs runs, least time)"
  printf '%-6s %8s %8s %8s %10s %11s %9s\n' lanes wall_s cpu_s rss_MB ctrace_MB ns/event x_1lane
  local lanes dir anchor out per_event base="" ratio r
  local -A best_wall best_cpu most_rss out_mb stopped
  for lanes in 1 8 64; do
    dir="$work/$format-$lanes-$n"
    [[ -e $dir ]] || generate "$@" "$dir" "$n" "$lanes"
  done
  for ((r = 0; r < runs; r++)); do
    for lanes in 1 8 64; do
      [[ -n ${stopped[$lanes]:-} ]] && continue
      anchor="$work/$format-$lanes-$n"
      [[ $format == otf2 ]] && anchor="$anchor/traces.otf2"
      out="$work/$format-$lanes.ctrace"
      runs=1 measure convert "$cli" convert "$anchor" -o "$out"
      if [[ $timed_out == 1 ]]; then stopped[$lanes]=1; rm -f "$out"; continue; fi
      keep_best "$lanes" "$rss_kb"
      out_mb[$lanes]=$(awk -v b="$(stat -c %s "$out")" 'BEGIN{print b/1e6}')
      rm -f "$out"
    done
  done
  for lanes in 1 8 64; do
    if [[ -n ${stopped[$lanes]:-} ]]; then
      printf '%-6s %8s %8s %8s %10s %11s %9s\n' "$lanes" ">$limit" - - - - FAIL
      failed=1; continue
    fi
    per_event=$(awk -v c="${best_cpu[$lanes]}" -v n="$n" 'BEGIN { printf "%.1f", c * 1e9 / n }')
    [[ $lanes == 1 ]] && base=$per_event
    ratio=$(awk -v p="$per_event" -v b="${base:-0}" 'BEGIN { if (b > 0) printf "%.2f", p / b; else print "-" }')
    printf '%-6s %8.2f %8.2f %8.0f %10.1f %11s %9s\n' "$lanes" "${best_wall[$lanes]}" "${best_cpu[$lanes]}" \
      "$(awk -v k="${most_rss[$lanes]}" 'BEGIN{print k/1024}')" "${out_mb[$lanes]}" "$per_event" "$ratio"
    if [[ $lanes != 1 && $ratio != - ]]; then
      echo "  target $lanes lanes <= 1.2x the time per event of 1 lane: ${ratio}x  $(verdict "$(awk -v r="$ratio" 'BEGIN{print (r <= 1.2)}')")"
    fi
  done
}

for part in "${parts[@]}"; do
  case $part in
    chrome) chrome_part ;;
    otf2) lanes_part otf2 "$otf2_events" "$otf2_python" "$here/make-otf2-lanes.py" ;;
    ctf) lanes_part ctf "$ctf_events" python3 "$here/make-ctf-lanes.py" ;;
    *) echo "unknown part $part (chrome, otf2, ctf)" >&2; exit 2 ;;
  esac
done
rm -f "$timing" "$work/stderr.txt" "$work/gen.txt"
if [[ ${CHITRA_BENCH_STRICT:-0} == 1 ]]; then exit "$failed"; fi
exit 0
