#!/usr/bin/env bash
# Paje import benchmark (docs/performance.md "Importing Paje"). For each size N (events),
# writes a one-container Paje trace of N PajeSetState events (scripts/bench/make-paje-bench.py;
# every event a state change) and measures, on the same file, with /usr/bin/time -v:
#   chitra      chitra-cli convert IN -o OUT.pes   (read, build lanes, write the PES)
#   pj_dump     pj_dump -q IN                      (PajeNG: read and simulate, no output)
#   pj_dump -f  pj_dump -q -f IN                   (the same with PajeNG's flex reader)
#   libpaje     a minimal program on libpaje (Debian libpaje-dev) that only decodes the
#               events (PajeFileReader + PajeEventDecoder, no simulation): what a reader
#               built on libpaje would pay before doing any work of its own
# and prints wall, user+system CPU, peak resident memory, MB/s and events/s per tool:
# the lowest wall and the lowest CPU time of BENCH_REPEAT runs (default 3; on a shared
# machine the other runs measure the neighbours), the highest RSS.
#
#   bash scripts/bench/bench-import-paje.sh [N...]     (default: 1000000 3000000 10000000)
#
# CHITRA_BUILD_DIR picks the build directory (default build, Release); BENCH_DIR the
# scratch folder (default a new one under ${TMPDIR:-/tmp}, removed at the end; the 10M
# file takes 220 MB, its PES 170 MB).
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes=("$@")
repeat=${BENCH_REPEAT:-3}
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(1000000 3000000 10000000); fi
build_dir=${CHITRA_BUILD_DIR:-build}
if [[ ! -f "$build_dir/build.ninja" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCHITRA_BUILD_GUI=OFF
fi
cmake --build "$build_dir" --target chitra-cli >/dev/null
cli="$build_dir/src/cli/chitra-cli"
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/chitra-bench-paje.XXXXXX")}
mkdir -p "$work"
cleanup() { [[ -n ${BENCH_DIR:-} ]] || rm -rf "$work"; }
trap cleanup EXIT

# The libpaje decoder alone (skipped when libpaje-dev is not installed).
libpaje=""
if pkg-config --exists libpaje 2>/dev/null; then
  cat > "$work/libpaje_decode.cpp" <<'EOF'
#include <PajeDefinitions.h>
#include <PajeEventDecoder.h>
#include <PajeFileReader.h>
#include <cstdio>
// Counts the events PajeEventDecoder hands on (each a PajeTraceEvent, fields split).
class Count : public PajeComponent {
public:
  unsigned long long events = 0;
  void inputEntity (PajeObject *) override { ++events; }
};
int main (int argc, char **argv)
{
  if (argc != 2) return 2;
  PajeDefinitions definitions (true);
  PajeFileReader reader (argv[1]);
  PajeEventDecoder decoder (&definitions);
  Count count;
  reader.setOutputComponent (&decoder);
  decoder.setInputComponent (&reader);
  decoder.setOutputComponent (&count);
  count.setInputComponent (&decoder);
  reader.startReading ();
  while (reader.hasMoreData ()) reader.readNextChunk ();
  reader.finishedReading ();
  std::printf ("%llu events\n", count.events);
  return 0;
}
EOF
  if c++ -O2 -std=c++17 "$work/libpaje_decode.cpp" -o "$work/libpaje_decode" $(pkg-config --cflags --libs libpaje); then
    libpaje="$work/libpaje_decode"
  fi
fi

measure() { # NAME EVENTS BYTES COMMAND... -> one line: the best of $repeat runs
  local name=$1 events=$2 bytes=$3; shift 3
  local log="$work/time.log" r
  : > "$work/all.log"
  for ((r = 0; r < repeat; r++)); do
    if ! /usr/bin/time -v "$@" > "$work/out.log" 2> "$log"; then
      echo "bench-import-paje: $name failed:" >&2; tail -5 "$log" >&2; exit 1
    fi
    cat "$log" >> "$work/all.log"
  done
  awk -v name="$name" -v events="$events" -v bytes="$bytes" '
    function keep() { if (n && (bw == "" || wall < bw)) bw = wall; if (n && (bc == "" || user + sys < bc)) bc = user + sys }
    /Command being timed/ { keep(); n++ }
    /Elapsed \(wall clock\)/ { k = split($NF, p, ":"); wall = 0; for (i = 1; i <= k; i++) wall = wall * 60 + p[i] }
    /User time/ { user = $NF } /System time/ { sys = $NF }
    /Maximum resident set size/ { if ($NF > rss) rss = $NF }
    END { keep(); printf "%-11s %6.2f s wall %6.2f s cpu %7.0f MB rss %7.1f MB/s %6.2f M events/s\n",
                 name, bw, bc, rss / 1024, bytes / 1e6 / bw, events / 1e6 / bw }' "$work/all.log"
}

echo "machine: $(nproc) cores, $(uname -r); load average $(cut -d' ' -f1-3 /proc/loadavg); best of $repeat runs"
for n in "${sizes[@]}"; do
  in="$work/set-$n.paje"
  python3 scripts/bench/make-paje-bench.py "$n" "$in"
  bytes=$(stat -c %s "$in")
  echo "== $n PajeSetState events, $((bytes / 1000000)) MB"
  measure chitra "$n" "$bytes" "$cli" convert "$in" -o "$work/out.pes"
  records=$(grep -vc '^#' "$work/out.pes")
  echo "            ($records records in the PES)"
  rm -f "$work/out.pes"
  measure "pj_dump" "$n" "$bytes" pj_dump -q "$in"
  measure "pj_dump -f" "$n" "$bytes" pj_dump -q -f "$in"
  if [[ -n $libpaje ]]; then measure libpaje "$n" "$bytes" "$libpaje" "$in"; fi
  rm -f "$in"
done
