#!/usr/bin/env bash
# Throughput of the Paraver, CSV and event trace importers: generates about SIZE_MB
# (default 100) of each format and times, with /usr/bin/time -v, `chitra-cli info` (the
# import: reading the file and forming the trace in memory, as opening it does) and
# `chitra-cli convert` to a PES (the import and writing the PES text): CPU seconds, peak
# RSS, and MB and records of input per CPU second (the machine may be shared: CPU time
# is what the importer spent).
# Usage: scripts/bench/bench-import-text.sh [BUILD_DIR] [SIZE_MB]
set -euo pipefail
build=${1:-build}
size_mb=${2:-100}
cli=$build/src/cli/chitra-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" "$size_mb" <<'PY'
import random, sys
d, size = sys.argv[1], int(sys.argv[2]) << 20
random.seed(1)
states = ["idle", "compute", "send", "recv", "wait"]

def write(path, header, line):
    n = 0
    with open(path, "w") as f:
        f.write(header)
        written, chunk = len(header), []
        t = 0
        while written < size:
            t += random.randint(1, 2000)
            s = line(t, n)
            chunk.append(s)
            written += len(s)
            n += 1
            if len(chunk) == 10000:
                f.write("".join(chunk)); chunk = []
        f.write("".join(chunk))
    open(path + ".records", "w").write(str(n))

prev = ["idle"]
def event(t, n):
    to = states[n % 5]
    s = f"{t} {prev[0]} {to} step bytes={n % 4096}\n"
    prev[0] = to
    return s
write(f"{d}/big.events", "# generated\n", event)
write(f"{d}/big.csv", "time,t0,t1,t2,t3,load\n",
      lambda t, n: f"{t},{states[n % 5]},{states[(n >> 1) % 5]},{states[(n >> 2) % 5]},{states[(n >> 3) % 5]},{n % 97}\n")
write(f"{d}/big.prv", "#Paraver (25/11/26 at 08:00):999999999999_ns:1(4):1:1(4:1)\n",
      lambda t, n: f"1:{n % 4 + 1}:1:1:{n % 4 + 1}:{t}:{t + 1000}:{n % 5}\n" if n % 3 else
                   f"2:{n % 4 + 1}:1:1:{n % 4 + 1}:{t}:50000001:{n % 17}\n")
open(f"{d}/big.pcf", "w").write("STATES\n0 Idle\n1 Running\n2 Sync\n3 Send\n4 Recv\n\nEVENT_TYPE\n0 50000001 MPI calls\n")
PY

printf '%-8s %-8s %7s %7s %7s %8s %8s %12s\n' format command MB wall_s cpu_s rss_MB MB/cpu_s records/cpu_s
for f in big.events big.csv big.prv; do
  in=$dir/$f
  extra=()
  [[ $f == big.csv ]] && extra=(--state t0,t1,t2,t3 --field load)
  for command in info convert; do
    out=()
    [[ $command == convert ]] && out=(-o "$dir/out.pes")
    /usr/bin/time -v "$cli" "$command" "$in" "${out[@]}" "${extra[@]}" 2> "$dir/time.txt" > /dev/null
    mb=$(python3 -c "import os; print(round(os.path.getsize('$in') / 2**20, 1))")
    records=$(cat "$in.records")
    wall=$(grep 'Elapsed (wall' "$dir/time.txt" | awk -F': ' '{print $2}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
    cpu=$(grep -E 'User time|System time' "$dir/time.txt" | awk -F': ' '{s+=$2} END {print s}')
    rss=$(grep 'Maximum resident' "$dir/time.txt" | awk -F': ' '{printf "%.0f", $2/1024}')
    python3 -c "print('%-8s %-8s %7s %7.2f %7.2f %8s %8.0f %12.0f' % ('${f#big.}', '$command', $mb, $wall, $cpu, $rss, $mb/$cpu, $records/$cpu))"
  done
done
