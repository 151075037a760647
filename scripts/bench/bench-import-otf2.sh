#!/usr/bin/env bash
# Importing OTF2: an archive of EVENTS Enter/Leave events in 4 locations, and one 10x
# larger (linear growth), each read by
#   floor    a reader of ours whose callbacks only count (tests/bench/otf2_bench_tool.cpp
#            read): what the OTF2 library itself costs
#   floor2   the same with two readers on two threads, each reading half of the
#            locations (otf2_bench_tool read2), as the import does for such archives
#   import   Chitra's import alone (chitra::import_lanes: the lanes' change lists)
#   convert  chitra-cli convert ANCHOR -o OUT.pes (import, PES of all lanes, writing it)
#   otf2-print  the OTF2 library's own printer, output to /dev/null
# side by side in one run. Each is run RUNS times; medians of wall-clock seconds, CPU
# seconds (user + sys) and peak RSS from /usr/bin/time; MB/s and events/s on CPU time (the
# steadier figure on a shared machine) and on wall time. Results: docs/performance.md
# ("Importing OTF2").
#
#   bash scripts/bench/bench-import-otf2.sh [EVENTS] [RUNS]    # defaults: 2000000 events, 3 runs
#
# CHITRA_BUILD_DIR picks the build directory (default build). Archives go to
# $TMPDIR/chitra-otf2-bench-EVENTS (kept for later runs; the 10x one is about 230 MB);
# CHITRA_BENCH_LARGE=0 skips the 10x archive.
set -euo pipefail
cd "$(dirname "$0")/../.."
events=${1:-2000000}
runs=${2:-3}
build_dir=${CHITRA_BUILD_DIR:-build}
tmp=${TMPDIR:-/tmp}
cmake --build "$build_dir" --target chitra-cli otf2_bench_tool >/dev/null
cli="$build_dir/src/cli/chitra-cli"
tool="$build_dir/tests/bench/otf2_bench_tool"
command -v otf2-print >/dev/null || { echo "otf2-print (Debian otf2-tools) is needed" >&2; exit 2; }

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# measure NAME N BYTES RECORDS COMMAND...: RUNS runs, one table row.
measure() {
  local name=$1 n=$2 bytes=$3 records=$4; shift 4
  local walls=() cpus=() rss=() i w u s m
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -o "$timing" -f "%e %U %S %M" "$@" >/dev/null 2>&1
    read -r w u s m <"$timing"
    walls+=("$w"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')"); rss+=("$m")
  done
  local wall cpu mem
  wall=$(printf '%s\n' "${walls[@]}" | median)
  cpu=$(printf '%s\n' "${cpus[@]}" | median)
  mem=$(printf '%s\n' "${rss[@]}" | median)
  awk -v name="$name" -v n="$n" -v b="$bytes" -v r="$records" -v w="$wall" -v c="$cpu" -v m="$mem" 'BEGIN {
    mb = b / 1e6
    printf "| %-10s | %9d | %7.2f | %7.2f | %7.0f | %8.0f | %8.0f | %7.2f | %s |\n", name, n, w, c, m / 1024,
           mb / (c > 0 ? c : 1e-9), mb / (w > 0 ? w : 1e-9), n / (c > 0 ? c : 1e-9) / 1e6,
           r == "" ? "" : sprintf("%.2f", r / (c > 0 ? c : 1e-9) / 1e6)
  }'
}

sizes=("$events")
[[ ${CHITRA_BENCH_LARGE:-1} == 1 ]] && sizes+=($((events * 10)))
echo "| reader | events | wall s | CPU s | peak RSS MB | MB/s (CPU) | MB/s (wall) | M events/s (CPU) | M records/s (CPU) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for n in "${sizes[@]}"; do
  dir="$tmp/chitra-otf2-bench-$n"
  if [[ ! -f "$dir/traces.otf2" ]]; then
    rm -rf "$dir"
    "$tool" write "$dir" "$n" 4 1
  fi
  bytes=$(du -sb "$dir" | cut -f1)
  records=$("$tool" import "$dir/traces.otf2" | awk '{print $1}')
  out="$tmp/chitra-otf2-bench-$n.pes"
  measure floor "$n" "$bytes" "" "$tool" read "$dir/traces.otf2"
  measure floor2 "$n" "$bytes" "" "$tool" read2 "$dir/traces.otf2"
  measure import "$n" "$bytes" "$records" "$tool" import "$dir/traces.otf2"
  measure convert "$n" "$bytes" "$records" "$cli" convert "$dir/traces.otf2" -o "$out"
  measure otf2-print "$n" "$bytes" "" otf2-print "$dir/traces.otf2"
  rm -f "$out"
  echo "<!-- $n events: archive $((bytes / 1000000)) MB, $records records -->"
done
