#!/usr/bin/env bash
# How cost grows with the trace, and the peers side by side, in one run; the tables go
# into docs/performance.md ("Scale: growth and peers") between the scale-curves markers.
#
#   bash tests/bench/scale.sh [RECORDS...]      (default: 10000 100000 1000000 10000000)
#
# For each size: a single-component trace of 100 states (scripts/bench/bench_numpy_fit.py,
# seeded; one state moves to one of 4 successors), written as PES text and converted to
# .ctrace once in $CHITRA_BENCH_DIR (default /tmp), then, each timed by /usr/bin/time
# (wall, user and kernel seconds, peak resident memory):
#   load         chitra-cli info TRACE.pes
#   fit          chitra-cli fit TRACE.ctrace
#   pipeline     chitra-cli fit TRACE.ctrace --pipeline (clip, aggregate, filter by event
#                share, project)
#   frequency    chitra-cli fit TRACE.ctrace --pipeline with one frequency-domain filter
#                (time domain, default interval, band [1e-7, 2e-7] cycles per ns: one
#                transform per state of the 100)
#   periodogram  chitra-cli periodogram TRACE.ctrace --domain event --segment 1048576
#   first frame  chitra --open TRACE.ctrace --benchmark-replot 1 (offscreen), the time to
#                the first frame as the workbench reports it
# Peers, at CHITRA_BENCH_PEER_RECORDS (default 1000000) records:
#   load + fit   chitra-cli fit TRACE.pes against scripts/bench/bench_pandas_fit.py and
#                scripts/bench/bench_numpy_fit.py (Debian's python3-pandas and python3-numpy)
#   Paje         the same records as one container's states in a Paje file: chitra-cli
#                convert (the Paje importer) against PajeNG's `pj_dump -q`, and what
#                ViTE's headless export (`vite -f FILE -e OUT.svg`) does with it
# Missing Debian packages (pajeng, vite, python3-pandas) are installed when run as root.
# CHITRA_BUILD_DIR picks the build directory (default build); CHITRA_BENCH_NO_DOCS=1
# prints the tables without writing them into the docs.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${CHITRA_BUILD_DIR:-build}
work=${CHITRA_BENCH_DIR:-/tmp}
peer_records=${CHITRA_BENCH_PEER_RECORDS:-1000000}
cli="$build/src/cli/chitra-cli"
app="$build/src/app/chitra"
sizes=("$@")
if [[ ${#sizes[@]} -eq 0 ]]; then sizes=(10000 100000 1000000 10000000); fi
python=/usr/bin/python3
for tool in "$cli" "$app"; do
  [[ -x "$tool" ]] || { echo "build $tool first (scripts/build.sh)" >&2; exit 2; }
done
if [[ $(id -u) == 0 ]]; then
  missing=()
  command -v pj_dump > /dev/null || missing+=(pajeng)
  command -v vite > /dev/null || missing+=(vite)
  "$python" -c 'import pandas' 2> /dev/null || missing+=(python3-pandas)
  if [[ ${#missing[@]} -gt 0 ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" > /dev/null
  fi
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/chitra-scale.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cat > "$scratch/pipeline.json" <<'EOF'
{"pipeline": [
  {"op": "clip", "head": 1000, "tail": 1000},
  {"op": "aggregate", "pattern": ["S14", "S16"], "as": "S14S16"},
  {"op": "filter", "domain": "event", "below_fraction": 0.005},
  {"op": "project", "states": ["S1", "S2", "S3"], "as": "LOW"}
]}
EOF
cat > "$scratch/frequency.json" <<'EOF'
{"pipeline": [{"op": "filter", "domain": "frequency", "band": [1e-7, 2e-7]}]}
EOF

trace_of() { # RECORDS -> the PES path; makes the .ctrace beside it
  local n=$1 pes="$work/chitra-bench-$1.pes"
  [[ -f "$pes" ]] || "$python" scripts/bench/bench_numpy_fit.py "$pes" --generate "$n" --states 100 --seed 1
  [[ -f "${pes%.pes}.ctrace" ]] || "$cli" convert "$pes" -o "${pes%.pes}.ctrace"
  echo "$pes"
}

# "wall user kernel MB" of one command (its output discarded).
measure() {
  /usr/bin/time -o "$scratch/time" -f "%e %U %S %M" "$@" > "$scratch/out" 2> "$scratch/err" || {
    echo "failed: $* ($(tail -1 "$scratch/err"))" >&2
    echo "- - - -"
    return 0
  }
  read -r wall user sys rss < "$scratch/time"
  printf '%s %s %s %.0f\n' "$wall" "$user" "$sys" "$(awk -v k="$rss" 'BEGIN {print k / 1024}')"
}

table=$scratch/table.md
{
  echo "Measured $(date -u +%Y-%m-%d) by \`bash tests/bench/scale.sh ${sizes[*]}\` on this 2-core machine, one run each:"
  echo "wall seconds, user and kernel CPU seconds, peak resident MB."
  echo
  echo '| records | what | wall s | user s | kernel s | peak MB |'
  echo '| ---: | --- | ---: | ---: | ---: | ---: |'
  for n in "${sizes[@]}"; do
    pes=$(trace_of "$n")
    ctrace="${pes%.pes}.ctrace"
    row() { read -r w u s m; echo "| $n | $1 | $w | $u | $s | $m |"; }
    measure "$cli" info "$pes" | row "load (PES text)"
    measure "$cli" fit "$ctrace" | row "fit"
    if [[ $n -gt 2000 ]]; then
      measure "$cli" fit "$ctrace" --pipeline "$scratch/pipeline.json" | row "pipeline + fit"
      measure "$cli" fit "$ctrace" --pipeline "$scratch/frequency.json" | row "frequency filter + fit"
    fi
    measure "$cli" periodogram "$ctrace" --domain event --segment 1048576 -o "$scratch/spectrum.csv" | row "periodogram"
    read -r w u s m < <(QT_QPA_PLATFORM=offscreen measure "$app" --open "$ctrace" --benchmark-replot 1)
    first=$(grep -o 'first_frame_ms [0-9.]*' "$scratch/out" | awk '{print $2 / 1000}')
    echo "| $n | first frame (whole run: $w s) | ${first:--} | $u | $s | $m |"
  done
  echo
  pes=$(trace_of "$peer_records")
  echo "Peers on $peer_records records:"
  echo
  echo '| what | wall s | user s | kernel s | peak MB | wall / chitra |'
  echo '| --- | ---: | ---: | ---: | ---: | ---: |'
  read -r cw cu cs cm < <(measure "$cli" fit "$pes" --format json)
  echo "| chitra-cli fit (load + fit) | $cw | $cu | $cs | $cm | 1 |"
  for peer in pandas numpy; do
    read -r w u s m < <(measure "$python" "scripts/bench/bench_${peer}_fit.py" "$pes")
    echo "| $peer script (load + fit) | $w | $u | $s | $m | $(awk -v a="$w" -v b="$cw" 'BEGIN {printf "%.1fx", a / b}') |"
  done
  paje="$scratch/trace.paje"
  "$python" scripts/bench/make-paje-bench.py "$peer_records" "$paje" > /dev/null
  read -r cw cu cs cm < <(measure "$cli" convert "$paje" -o "$scratch/from-paje.pes")
  echo "| chitra-cli convert (Paje importer) | $cw | $cu | $cs | $cm | 1 |"
  if command -v pj_dump > /dev/null; then
    read -r w u s m < <(measure pj_dump -q "$paje")
    echo "| PajeNG pj_dump -q | $w | $u | $s | $m | $(awk -v a="$w" -v b="$cw" 'BEGIN {printf "%.1fx", a / b}') |"
  fi
  if command -v vite > /dev/null; then
    read -r w u s m < <(QT_QPA_PLATFORM=offscreen measure timeout 600 vite -f "$paje" -e "$scratch/vite.svg")
    what="no picture"
    if [[ -s "$scratch/vite.svg" ]]; then
      # ViTE writes SVG; the states are rectangles inside its clipped state area.
      states=$(grep -o '<rect' "$scratch/vite.svg" | wc -l)
      what="$(stat -c %s "$scratch/vite.svg")-byte SVG, $((states > 2 ? states - 2 : 0)) state rectangles"
    fi
    echo "| ViTE headless export (\`vite -f -e\`): $what | $w | $u | $s | $m | $(awk -v a="$w" -v b="$cw" 'BEGIN {printf "%.1fx", a / b}') |"
  fi
} > "$table"
cat "$table"

if [[ -z ${CHITRA_BENCH_NO_DOCS:-} ]]; then
  "$python" - "$table" docs/performance.md <<'EOF'
import sys
table, doc = open(sys.argv[1]).read(), sys.argv[2]
text = open(doc).read()
begin, end = "<!-- scale-curves:begin -->", "<!-- scale-curves:end -->"
head, _, rest = text.partition(begin)
_, _, tail = rest.partition(end)
open(doc, "w").write(head + begin + "\n" + table + end + tail)
EOF
fi
