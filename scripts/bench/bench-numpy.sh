#!/usr/bin/env bash
# Load + fit of one PES file: chitra-cli fit against the scripts an analyst writes, with
# NumPy alone (scripts/bench/bench_numpy_fit.py) and with pandas (scripts/bench/bench_pandas_fit.py:
# read_csv, groupby), side by side in one run; prints medians of wall-clock and CPU
# (user + sys) seconds and the ratios (CPU time is the steadier figure on a busy machine).
# Results: docs/performance.md ("Against NumPy and pandas").
#
#   bash scripts/bench/bench-numpy.sh [RECORDS] [RUNS]      # defaults: 10000000 records, 3 runs
#
# CHITRA_BENCH_PEERS lists the scripts to run (default "numpy pandas"); pandas comes from
# Debian's python3-pandas, installed here when it is missing and we are root.
# CHITRA_BUILD_DIR picks the build directory (default build); CHITRA_BENCH_FILE the PES
# file (generated once if missing; default /tmp/chitra-bench-RECORDS.pes). NumPy comes
# from Debian's python3-numpy, so the script runs /usr/bin/python3 unless PYTHON is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
  "$python" scripts/bench/bench_numpy_fit.py "$file" --generate "$records" --states 100 --seed 1
fi

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# Wall-clock and CPU (user + sys) seconds of one command, with bash's own `time`.
TIMEFORMAT='%R %U %S'
timed() { { time "$@" > "$out" 2> "$err"; } 2>&1 | awk '{printf "%s %s\n", $1, $2 + $3}'; }
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

peers=(${CHITRA_BENCH_PEERS:-numpy pandas})
if [[ " ${peers[*]} " == *" pandas "* ]] && ! "$python" -c 'import pandas' 2> /dev/null; then
  if [[ $(id -u) == 0 ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-pandas > /dev/null
  else
    echo "pandas is missing (apt-get install python3-pandas): leaving it out" >&2
    peers=("${peers[@]/pandas/}")
  fi
fi

declare -A wall cpu
for ((r = 1; r <= runs; ++r)); do
  read -r w u < <(timed "$cli" fit "$file" --format json)
  wall[chitra]+="$w " cpu[chitra]+="$u "
  line="run $r: chitra-cli $w s wall $u s cpu"
  for peer in "${peers[@]}"; do
    [[ -n "$peer" ]] || continue
    read -r w u < <(timed "$python" "scripts/bench/bench_${peer}_fit.py" "$file")
    wall[$peer]+="$w " cpu[$peer]+="$u "
    line+="; $peer $w s wall $u s cpu: $(cat "$out")"
  done
  echo "$line" >&2
done

med() { printf '%s\n' $1 | median; }
cw=$(med "${wall[chitra]}") cc=$(med "${cpu[chitra]}")
printf 'file: %s (%s records), medians of %d runs\n' "$file" "$records" "$runs"
printf '%-44s %10s %10s\n' "" "wall s" "cpu s"
printf '%-44s %10.2f %10.2f\n' "chitra-cli fit (load + fit + JSON)" "$cw" "$cc"
for peer in "${peers[@]}"; do
  [[ -n "$peer" ]] || continue
  pw=$(med "${wall[$peer]}") pc=$(med "${cpu[$peer]}")
  printf '%-44s %10.2f %10.2f\n' "$peer script (import + load + fit)" "$pw" "$pc"
  printf 'ratio %s / chitra-cli: %.1fx wall, %.1fx cpu\n' "$peer" "$(echo "$pw / $cw" | bc -l)" "$(echo "$pc / $cc" | bc -l)"
done
