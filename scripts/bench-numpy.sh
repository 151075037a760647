#!/usr/bin/env bash
# Load + fit of one 10M-record PES file: chitra-cli fit against the obvious NumPy script
# (scripts/bench_numpy_fit.py), side by side in one run; prints medians of wall-clock and
# CPU (user + sys) seconds and the ratios (CPU time is the steadier figure on a busy machine). Results: docs/performance.md ("Fitting").
#
#   bash scripts/bench-numpy.sh [RECORDS] [RUNS]      # defaults: 10000000 records, 3 runs
#
# CHITRA_BUILD_DIR picks the build directory (default build); CHITRA_BENCH_FILE the PES
# file (generated once if missing; default /tmp/chitra-bench-RECORDS.pes). NumPy comes
# from Debian's python3-numpy, so the script runs /usr/bin/python3 unless PYTHON is set.
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-10000000}
runs=${2:-3}
build_dir=${CHITRA_BUILD_DIR:-build}
python=${PYTHON:-/usr/bin/python3}
file=${CHITRA_BENCH_FILE:-/tmp/chitra-bench-$records.pes}
cli="$build_dir/src/cli/chitra-cli"

if [[ ! -x "$cli" ]]; then
  cmake --build "$build_dir" --target chitra-cli
fi
if [[ ! -f "$file" ]]; then
  echo "generating $file ($records records, 100 states)..." >&2
  "$python" scripts/bench_numpy_fit.py "$file" --generate "$records" --states 100 --seed 1
fi

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# Wall-clock and CPU (user + sys) seconds of one command, with bash's own `time`.
TIMEFORMAT='%R %U %S'
timed() { { time "$@" > "$out" 2> "$err"; } 2>&1 | awk '{printf "%s %s\n", $1, $2 + $3}'; }
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

c_wall=() c_cpu=() n_wall=() n_cpu=()
for ((r = 1; r <= runs; ++r)); do
  read -r w u < <(timed "$cli" fit "$file" --format json)
  c_wall+=("$w") c_cpu+=("$u")
  read -r w u < <(timed "$python" scripts/bench_numpy_fit.py "$file")
  n_wall+=("$w") n_cpu+=("$u")
  echo "run $r: chitra-cli ${c_wall[-1]} s wall ${c_cpu[-1]} s cpu; numpy ${n_wall[-1]} s wall ${n_cpu[-1]} s cpu; $(cat "$out")" >&2
done

med() { printf '%s\n' "$@" | median; }
cw=$(med "${c_wall[@]}") cc=$(med "${c_cpu[@]}") nw=$(med "${n_wall[@]}") nc=$(med "${n_cpu[@]}")
printf 'file: %s (%s records), medians of %d runs\n' "$file" "$records" "$runs"
printf '%-44s %10s %10s\n' "" "wall s" "cpu s"
printf '%-44s %10.2f %10.2f\n' "chitra-cli fit (load + fit + JSON)" "$cw" "$cc"
printf '%-44s %10.2f %10.2f\n' "NumPy script (import + load + fit)" "$nw" "$nc"
printf 'ratio NumPy / chitra-cli: %.1fx wall, %.1fx cpu\n' "$(echo "$nw / $cw" | bc -l)" "$(echo "$nc / $cc" | bc -l)"
