#!/usr/bin/env bash
# A PES trace into a pandas DataFrame: `chitra.open(PES).records()` against
# `pandas.read_csv` of the same text, each in a process of its own (wall time, CPU time
# and peak resident memory, the least of 3 runs; docs/performance.md, "Python"):
#   bash scripts/bench/bench-python.sh BUILD_DIR [RECORDS...]   # default 1000000 10000000
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "${1:?usage: bench-python.sh BUILD_DIR [RECORDS...]}")
shift
sizes=("$@")
((${#sizes[@]})) || sizes=(1000000 10000000)
work=$(mktemp -d /tmp/chitra-bench-python.XXXXXX)
trap 'rm -rf "$work"' EXIT
source scripts/bench/least-of-runs.sh

printf '| records | reader | wall s | CPU s | peak RSS MB | read_csv / chitra (wall) |\n'
printf '| ---: | --- | ---: | ---: | ---: | ---: |\n'
for n in "${sizes[@]}"; do
  /usr/bin/python3 scripts/bench/make-bench-traces.py "$work" "$n" >/dev/null
  pes="$work/bench-$n.pes"
  # What the module does: the trace read by the core, its columns handed over as views.
  measure /usr/bin/python3 -c "
import sys; sys.path.insert(0, '$build/python')
import chitra
df = chitra.open('$pes').records()
assert len(df) == $n"
  chitra_wall=$wall chitra_cpu=$cpu chitra_rss=$rss_mb
  # What an analyst writes without it: the PES text read by pandas, states as categories.
  measure /usr/bin/python3 -c "
import pandas as pd
df = pd.read_csv('$pes', sep=' ', comment='#', header=None, names=['time', 'state'],
                 dtype={'time': 'int64', 'state': 'category'})
assert len(df) == $n"
  ratio=$(awk -v a="$wall" -v b="$chitra_wall" 'BEGIN { printf "%.1f", a / b }')
  printf '| %s | `chitra.open(...).records()` | %s | %s | %s | |\n' "$n" "$chitra_wall" "$chitra_cpu" "$chitra_rss"
  printf '| %s | `pandas.read_csv` | %s | %s | %s | %s |\n' "$n" "$wall" "$cpu" "$rss_mb" "$ratio"
  rm -f "$pes"
done
