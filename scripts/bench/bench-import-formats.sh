#!/usr/bin/env bash
# The same trace in each format converted to PES, side by side in one run, with the source
# tools (docs/performance.md, "Importing: the same trace in each format"):
#   bash scripts/bench/bench-import-formats.sh [EVENTS] [RUNS]   (defaults: 2000000 events, 1 run)
# Writes one trace of EVENTS Enter/Leave events in 4 lanes (tests/bench/otf2_bench_tool.cpp
# write: nested regions of depth 1-4 of 12, steps of 20-2000 ns) as an OTF2 archive, and the
# same events as Paje (PajePushState/PajePopState) and Chrome JSON (B/E) with
# scripts/bench/make-import-formats.py; the PES is the OTF2 archive converted. Checks that the
# four conversions give the same PES records, then times, under /usr/bin/time:
#   chitra-cli convert IN -o OUT.pes   for PES, Paje, OTF2 and Chrome JSON;
#   pj_dump -q                          on the Paje file (PajeNG);
#   otf2-print > /dev/null              on the OTF2 archive;
# and, to tell the import from forming and writing the PES, Chitra's import alone
# (otf2_bench_tool import: chitra::import_lanes, any format) and, for OTF2, a reader whose
# callbacks only count (otf2_bench_tool read: the OTF2 library's floor).
# Best of RUNS by CPU time (user + system); MB/s and records/s on CPU time (the steadier
# figure on a shared machine) and MB/s on wall time. CHITRA_BUILD_DIR picks the build
# directory (default build); files go to $TMPDIR/chitra-formats-EVENTS (kept).
set -euo pipefail
cd "$(dirname "$0")/../.."
events=${1:-2000000}
runs=${2:-1}
build_dir=${CHITRA_BUILD_DIR:-build}
work=${TMPDIR:-/tmp}/chitra-formats-$events
cmake --build "$build_dir" --target chitra-cli otf2_bench_tool >/dev/null
cli="$build_dir/src/cli/chitra-cli"
tool="$build_dir/tests/bench/otf2_bench_tool"
for t in pj_dump otf2-print; do
  command -v $t >/dev/null || { echo "$t is needed (Debian pajeng, otf2-tools)" >&2; exit 2; }
done

mkdir -p "$work"
if [[ ! -f "$work/trace.json" ]]; then
  rm -rf "$work/otf2"
  CHITRA_BENCH_EVENT_LIST="$work/events.txt" "$tool" write "$work/otf2" "$events" 4 1
  # The archive's clock starts at 10^9 ns; the other formats start at 0 like its import.
  python3 scripts/bench/make-import-formats.py "$work/events.txt" "$work/trace" --offset 1000000000
  "$cli" convert "$work/otf2/traces.otf2" -o "$work/trace.pes"
  rm -f "$work/events.txt"
fi
declare -A input=([pes]="$work/trace.pes" [paje]="$work/trace.paje" [otf2]="$work/otf2/traces.otf2"
                  [chrome]="$work/trace.json")
declare -A bytes
for f in pes paje chrome; do bytes[$f]=$(stat -c %s "${input[$f]}"); done
bytes[otf2]=$(du -sb "$work/otf2" | cut -f1)

# The four conversions must agree: the same PES records (the header names lanes apart).
body() { grep -v '^#' "$1" | md5sum | cut -d' ' -f1; }
reference=""
for f in pes paje otf2 chrome; do
  "$cli" convert "${input[$f]}" -o "$work/out-$f.pes" 2>/dev/null
  sum=$(body "$work/out-$f.pes")
  if [[ -z $reference ]]; then reference=$sum; fi
  if [[ $sum != "$reference" ]]; then echo "the $f conversion differs from the PES one" >&2; exit 1; fi
done
records=$(grep -cv '^#' "$work/out-pes.pes")
echo "same PES records from all four formats: $records records, $events events, 4 lanes"

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
# measure NAME FORMAT COMMAND...: best of $runs by CPU time; prints one table row.
measure() {
  local name=$1 format=$2 best_cpu="" best=""
  shift 2
  for ((r = 0; r < runs; r++)); do
    /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@" >/dev/null 2>&1
    read -r w u s m <"$timing"
    local cpu
    cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')
    if [[ -z $best_cpu ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_cpu=$cpu best="$w $cpu $m"
    fi
  done
  read -r w c m <<<"$best"
  awk -v n="$name" -v b="${bytes[$format]}" -v w="$w" -v c="$c" -v m="$m" -v rec="$records" 'BEGIN {
    printf "%-16s %8.1f %7.2f %7.2f %8.0f %10.0f %10.0f %13.2f\n", n, b / 1e6, w, c, m / 1024, b / 1e6 / c,
           b / 1e6 / w, rec / c / 1e6 }'
}

printf '%-16s %8s %7s %7s %8s %10s %10s %13s\n' reader input_MB wall_s cpu_s rss_MB MB/s_cpu MB/s_wall Mrecords/s_cpu
for f in pes paje otf2 chrome; do cat "${input[$f]}" >/dev/null 2>&1 || true; done
measure "convert pes" pes "$cli" convert "${input[pes]}" -o "$work/out.pes"
measure "convert paje" paje "$cli" convert "${input[paje]}" -o "$work/out.pes"
measure "import paje" paje "$tool" import "${input[paje]}"
measure "pj_dump -q" paje pj_dump -q "${input[paje]}"
measure "convert otf2" otf2 "$cli" convert "${input[otf2]}" -o "$work/out.pes"
measure "import otf2" otf2 "$tool" import "${input[otf2]}"
measure "otf2 floor" otf2 "$tool" read "${input[otf2]}"
measure "otf2-print" otf2 otf2-print "${input[otf2]}"
measure "convert chrome" chrome "$cli" convert "${input[chrome]}" -o "$work/out.pes"
measure "import chrome" chrome "$tool" import "${input[chrome]}"
rm -f "$work/out.pes"
