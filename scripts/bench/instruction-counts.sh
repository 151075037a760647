#!/usr/bin/env bash
# A stable regression figure (docs/performance.md, "Instruction counts"): instructions
# counted by valgrind's callgrind for load, load + fit, and the time view's replot of a
# fixed trace, printed beside the record in tests/bench/instruction-counts.txt with the
# change. Instruction counts do not depend on the machine's load, unlike times.
#   bash scripts/bench/instruction-counts.sh            # compare with the record
#   bash scripts/bench/instruction-counts.sh --record   # write the record anew
# The build's programs are used (CHITRA_BUILD_DIR, default build).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${CHITRA_BUILD_DIR:-build}
record=tests/bench/instruction-counts.txt
trace=sample_traces/philosophers-n4-x1000.pes
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian valgrind)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions of one run: the "Collected" figure of callgrind's summary.
count() {
  local name=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$out/$name.cg" "$@" >/dev/null 2>"$out/$name.log" ||
    { cat "$out/$name.log" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/$name.log"
}

declare -A now
now[load]=$(count load "$build/src/cli/chitra-cli" info "$trace")
now[load+fit]=$(count fit "$build/src/cli/chitra-cli" fit "$trace" -o "$out/model.json")
# Only what the replots execute (the first frame and one more), not the program's start.
now[replot]=$(QT_QPA_PLATFORM=offscreen count replot \
  --toggle-collect='chitra::app::TracePlot::replotNow*' \
  "$build/src/app/chitra" --open "$trace" --benchmark-replot 1 --size 1400x900)

if [[ ${1:-} == --record ]]; then
  {
    echo "# Instructions (callgrind) for $trace; written by scripts/bench/instruction-counts.sh --record"
    for what in load load+fit replot; do echo "$what ${now[$what]}"; done
  } >"$record"
  echo "recorded in $record"
fi

printf '%-10s %15s %15s %8s\n' what recorded now change
for what in load load+fit replot; do
  was=$(awk -v w="$what" '$1 == w {print $2}' "$record" 2>/dev/null || true)
  if [[ -z $was ]]; then
    printf '%-10s %15s %15s %8s\n' "$what" - "${now[$what]}" -
  else
    change=$(awk -v a="$was" -v b="${now[$what]}" 'BEGIN {printf "%+.2f%%", (b - a) * 100 / a}')
    printf '%-10s %15s %15s %8s\n' "$what" "$was" "${now[$what]}" "$change"
  fi
done
