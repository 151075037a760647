#!/usr/bin/env bash
# Kernel-style CTF traces written through babeltrace2's own writer (scripts/samples/make-kernel-ctf.py:
# a Python source component into sink.ctf.fs, as LTTng's kernel tracer lays out its
# scheduler events; the kernel tracer itself needs modules this machine cannot load):
# chitra-cli's `PID/TID sched` lanes checked against babeltrace2's listing of each trace
# (tests/tools/lttng_listing_check.py). Skips (exit 77) without python3-bt2.
#   kernel_ctf_test.sh SOURCE_DIR CHITRA_CLI
set -euo pipefail
src=$1 cli=$2
command -v babeltrace2 >/dev/null || { echo "SKIP: babeltrace2 is not installed"; exit 77; }
py=
for candidate in /usr/bin/python3 python3; do # python3-bt2 installs into Debian's own python3
  if "$candidate" -c 'import bt2' 2>/dev/null; then py=$candidate; break; fi
done
[[ -n $py ]] || { echo "SKIP: python3-bt2 is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for cpus in 1 2 4; do
  trace="$tmp/kernel-c$cpus"
  "$py" "$src/scripts/samples/make-kernel-ctf.py" "$trace" --cpus "$cpus" --switches 800 --seed "$cpus"
  babeltrace2 --clock-seconds "$trace" >"$trace.txt"
  "$cli" convert "$trace" --per-component "$trace.lanes"
  python3 "$src/tests/tools/lttng_listing_check.py" "$trace.txt" "$trace.lanes"
  # idle (tid 0) and the 7 threads of the two processes, named from the statedump
  lanes=$(grep -h '^# lane:' "$trace.lanes"/*.pes | cut -d' ' -f4- | sort | tr '\n' ,)
  [[ $lanes == "0/0 sched,100/100 sched,100/101 sched,100/102 sched,100/103 sched,200/200 sched,200/201 sched,200/202 sched," ]] ||
    { echo "unexpected lanes: $lanes"; exit 1; }
done
echo "ok"
