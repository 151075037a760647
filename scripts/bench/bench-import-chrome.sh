#!/usr/bin/env bash
# Benchmark of the Chrome Trace Event JSON importer (docs/performance.md, "Importing
# Chrome Trace JSON"):
#   bash scripts/bench/bench-import-chrome.sh [EVENTS...]      (default: 2500000 5000000 10000000)
# For each size: writes a trace with scripts/bench/make-chrome-trace.py (2 threads in 2
# processes, seed 1; about 107 bytes per event, so 1.07 GB at 10^7 events: check
# `df -h` first) into $CHITRA_BENCH_DIR (default /tmp/chitra-bench-chrome), then
#  - converts it with `chitra-cli convert TRACE -o TRACE.pes` under /usr/bin/time -v:
#    wall time, CPU time (user + system), peak resident memory, MB/s and records/s;
#  - reads it with the import-only benchmark tests/bench/bench_import_chrome (when the
#    build has benchmarks): the importer alone, without forming or writing the PES.
# One line per size on stdout. CHITRA_BUILD_DIR picks the build directory (default
# build, configured like scripts/build.sh if it is not configured yet); CHITRA_BENCH_THREADS
# the threads of the generated traces (default 2); CHITRA_BENCH_KEEP=1 keeps the files.
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${CHITRA_BUILD_DIR:-build}
work=${CHITRA_BENCH_DIR:-/tmp/chitra-bench-chrome}
threads=${CHITRA_BENCH_THREADS:-2}
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(2500000 5000000 10000000); fi

if [[ ! -f "$build_dir/build.ninja" && ! -f "$build_dir/Makefile" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build_dir" --target chitra-cli
bench="$build_dir/tests/bench/bench_import_chrome"
cmake --build "$build_dir" --target bench_import_chrome >/dev/null 2>&1 || bench=""
mkdir -p "$work"

# field NAME FILE: the value of a `/usr/bin/time -v` line.
field() { sed -n "s/^[[:space:]]*$1: //p" "$2"; }
# seconds H:MM:SS.ss or M:SS.ss -> seconds
seconds() { awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<<"$1"; }

printf '%-10s %8s %8s %8s %8s %9s %9s %12s %10s %10s\n' events MB wall_s cpu_s rss_MB \
  MB/s_wall MB/s_cpu records/s import_cpu import_MB/s
for n in "${sizes[@]}"; do
  trace="$work/chrome-$n.json"
  if [[ ! -f "$trace" ]]; then
    python3 scripts/bench/make-chrome-trace.py "$trace" --events "$n" --threads "$threads" --seed 1
  fi
  bytes=$(stat -c %s "$trace")
  cat "$trace" >/dev/null # into the page cache: measure the importer, not the disk
  /usr/bin/time -v "$build_dir/src/cli/chitra-cli" convert "$trace" -o "$trace.pes" 2>"$work/time.txt"
  wall=$(seconds "$(field 'Elapsed (wall clock) time (h:mm:ss or m:ss)' "$work/time.txt")")
  cpu=$(awk -v u="$(field 'User time (seconds)' "$work/time.txt")" \
            -v s="$(field 'System time (seconds)' "$work/time.txt")" 'BEGIN { print u + s }')
  rss=$(field 'Maximum resident set size (kbytes)' "$work/time.txt")
  records=$(grep -cv '^#' "$trace.pes")
  import_cpu=- import_rate=-
  if [[ -n $bench ]]; then
    # Google Benchmark's CPU time of one read, in ms.
    import_ms=$(CHITRA_BENCH_CHROME_FILE="$trace" "$bench" --benchmark_format=csv 2>/dev/null |
                awk -F, '/BM_ImportChrome/ { print $4 }')
    import_cpu=$(awk -v ms="$import_ms" 'BEGIN { printf "%.2f", ms / 1000 }')
    import_rate=$(awk -v b="$bytes" -v ms="$import_ms" 'BEGIN { printf "%.0f", b / 1e6 / (ms / 1000) }')
  fi
  awk -v n="$n" -v b="$bytes" -v w="$wall" -v c="$cpu" -v r="$rss" -v rec="$records" \
      -v ic="$import_cpu" -v ir="$import_rate" 'BEGIN {
    printf "%-10d %8.0f %8.2f %8.2f %8.0f %9.0f %9.0f %12.0f %10s %10s\n",
           n, b / 1e6, w, c, r / 1024, b / 1e6 / w, b / 1e6 / c, rec / w, ic, ir }'
  rm -f "$trace.pes"
  if [[ ${CHITRA_BENCH_KEEP:-0} != 1 ]]; then rm -f "$trace"; fi
done
rm -f "$work/time.txt"
