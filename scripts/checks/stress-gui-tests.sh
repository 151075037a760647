#!/usr/bin/env bash
# Runs every GUI test program (CTest names gui_*) RUNS times in a row, one at a time,
# while two busy loops load both cores: a test that waits for a duration instead of the
# event it needs fails here sooner or later (docs/testing.md, "GUI tests under load").
#   bash scripts/checks/stress-gui-tests.sh [RUNS] [REGEX]     (defaults: 20, every gui_ test)
# Each run goes through CTest, so each gets a fresh home (tests/run-in-fresh-home.sh), the
# offscreen platform and the test's time-out. The output of a failed run is kept in
# $CHITRA_STRESS_DIR (default build/stress); one line per program on stdout, and the
# exit status is non-zero when any run failed. CHITRA_BUILD_DIR picks the build
# directory (default build, built already); CHITRA_STRESS_EXCLUDE a regex of programs to
# leave out; CHITRA_STRESS_LOAD=0 runs without the load.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-20}
filter=${2:-^gui_}
build_dir=${CHITRA_BUILD_DIR:-build}
out=${CHITRA_STRESS_DIR:-$build_dir/stress}
mkdir -p "$out"

exclude=()
if [[ -n ${CHITRA_STRESS_EXCLUDE:-} ]]; then exclude=(-E "$CHITRA_STRESS_EXCLUDE"); fi
mapfile -t tests < <(ctest --test-dir "$build_dir" -N -R "$filter" "${exclude[@]}" | sed -n 's/^ *Test *#[0-9]*: \(gui_[^ ]*\)$/\1/p')
((${#tests[@]})) || { echo "no GUI test matches '$filter' in $build_dir" >&2; exit 2; }

loads=()
stop_loads() { for pid in "${loads[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_loads EXIT
if [[ ${CHITRA_STRESS_LOAD:-1} != 0 ]]; then
  for _ in 1 2; do
    bash -c 'while :; do :; done' &
    loads+=($!)
  done
fi

failed=0
printf '%-36s %5s %6s %6s %9s\n' program runs passed failed max_s
for t in "${tests[@]}"; do
  pass=0 fail=0 max=0
  for ((r = 1; r <= runs; r++)); do
    start=$(date +%s.%N)
    if ctest --test-dir "$build_dir" -R "^${t}\$" --output-on-failure >"$out/$t.log" 2>&1; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      cp "$out/$t.log" "$out/$t.run$r.failed.log"
    fi
    max=$(awk -v a="$max" -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { d = e - s; print (d > a ? d : a) }')
  done
  rm -f "$out/$t.log"
  printf '%-36s %5d %6d %6d %9.1f\n' "$t" "$runs" "$pass" "$fail" "$max"
  ((fail == 0)) || failed=1
done
exit $failed
