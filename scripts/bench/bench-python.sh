#!/usr/bin/env bash
# A PES trace into a pandas DataFrame: `chitra.open(PES).records()` against
# `pandas.read_csv` of the same text (docs/performance.md, "Python: a trace into pandas").
# Each reader runs in a process of its own, 3 times; the figures are the least time of
# the read itself (after Python, pandas and the module are imported, which both pay) and
# the largest peak resident memory of the process, and what the read added to it:
#   bash scripts/bench/bench-python.sh BUILD_DIR [RECORDS...]   # default 1000000 10000000
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "${1:?usage: bench-python.sh BUILD_DIR [RECORDS...]}")
shift
sizes=("$@")
((${#sizes[@]})) || sizes=(1000000 10000000)
work=$(mktemp -d /tmp/chitra-bench-python.XXXXXX)
trap 'rm -rf "$work"' EXIT

# run READER PES RECORDS: "seconds peak_mb added_mb", the least time and largest peak of 3.
run() {
  local best="" peak=0 added=0 line s p a
  for _ in 1 2 3; do
    line=$(PYTHONPATH="$build/python" /usr/bin/python3 - "$1" "$2" "$3" <<'PY'
import resource, sys, time
import pandas as pd
import chitra
reader, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
if reader == "chitra":
    df = chitra.open(path).records()
else:  # what an analyst writes without the module: the PES text, states as categories
    df = pd.read_csv(path, sep=" ", comment="#", header=None, names=["time", "state"],
                     dtype={"time": "int64", "state": "category"})
seconds = time.perf_counter() - start
assert len(df) == n
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{seconds:.3f} {peak // 1024} {(peak - before) // 1024}")
PY
    )
    read -r s p a <<<"$line"
    if [[ -z $best ]] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
    ((p > peak)) && peak=$p
    ((a > added)) && added=$a
  done
  echo "$best $peak $added"
}

printf '| records | reader | read s | peak RSS MB | added by the read MB | read_csv / chitra |\n'
printf '| ---: | --- | ---: | ---: | ---: | ---: |\n'
for n in "${sizes[@]}"; do
  /usr/bin/python3 scripts/bench/make-bench-traces.py "$work" "$n" >/dev/null
  pes="$work/bench-$n.pes"
  read -r cs cp ca <<<"$(run chitra "$pes" "$n")"
  read -r ps pp pa <<<"$(run pandas "$pes" "$n")"
  ratio=$(awk -v a="$ps" -v b="$cs" 'BEGIN { printf "%.1f", a / b }')
  printf '| %s | `chitra.open(PES).records()` | %s | %s | %s | |\n' "$n" "$cs" "$cp" "$ca"
  printf '| %s | `pandas.read_csv(PES)` | %s | %s | %s | %sx |\n' "$n" "$ps" "$pp" "$pa" "$ratio"
  rm -f "$pes"
done
